// Starts the shelf's thread (shelf-worker.ts). Plain JavaScript because Node 20 does not apply the loaders given
// to a worker (`--import tsx` in its execArgv): tsx's own API registers them inside the thread instead.
import { tsImport } from 'tsx/esm/api';

await tsImport('./shelf-worker.ts', import.meta.url);
