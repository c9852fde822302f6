import { describe, expect, it } from 'vitest';
import { highlightParts } from './highlight.ts';

const marked = (name: string, ranges: [number, number][]) =>
  highlightParts(name, ranges)
    .map((part) => (part.marked ? `[${part.text}]` : part.text))
    .join('');

describe('highlighted names', () => {
  it('marks the matched stretches and keeps the rest', () => {
    expect(marked('75% Wireless Mechanical Keyboard', [[24, 32]])).toBe('75% Wireless Mechanical [Keyboard]');
    expect(marked('超薄蓝牙键盘', [[4, 6]])).toBe('超薄蓝牙[键盘]');
    expect(marked('Mug', [[0, 3]])).toBe('[Mug]');
    expect(
      marked('Wireless Keyboard', [
        [0, 8],
        [9, 17],
      ]),
    ).toBe('[Wireless] [Keyboard]');
  });

  it('leaves a name without highlights whole', () => {
    expect(highlightParts('Mug')).toEqual([{ text: 'Mug', marked: false }]);
    expect(highlightParts('', [])).toEqual([{ text: '', marked: false }]);
  });

  it('never garbles the name on ranges out of bounds, empty, overlapping or out of order', () => {
    const name = 'Stoneware Coffee Mug';
    for (const ranges of [
      [[-5, 3]],
      [[17, 99]],
      [[4, 4]],
      [
        [0, 9],
        [5, 16],
      ],
      [
        [10, 16],
        [0, 9],
      ],
      [[30, 40]],
    ] as [number, number][][]) {
      expect(
        highlightParts(name, ranges)
          .map((part) => part.text)
          .join(''),
      ).toBe(name);
    }
    expect(
      marked(name, [
        [0, 9],
        [5, 16],
      ]),
    ).toBe('[Stoneware][ Coffee] Mug');
  });
});
