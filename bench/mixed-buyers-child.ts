/**
 * The buyers of `bench/mixed.ts` in a process of their own (BENCH_MIXED_BUYERS_IN=child): logs them in, then
 * starts, measures and stops them as the parent says, and exits when the parent lets go.
 */
import { receiveFromParent } from './ipc.ts';
import { BuyerCrowd, type BuyerSetup, type FromBuyers, type ToBuyers } from './mixed-buyers.ts';

const send = (message: FromBuyers) => process.send?.(message);

const setup = await receiveFromParent<BuyerSetup>();
const crowd = await BuyerCrowd.logIn(setup).catch((error: unknown) => {
  send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
process.once('disconnect', () => {
  void crowd.close().then(() => process.exit(0));
});
process.on('message', (message: ToBuyers) => {
  if (message.type === 'start') crowd.start(message.pace);
  else if (message.type === 'measure') crowd.measure();
  else {
    crowd.stop().then(
      (figures) => send({ type: 'stopped', figures }),
      (error: unknown) =>
        send({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  }
});
send({ type: 'ready' });
