import { describe, expect, it } from 'vitest';
import { optionImage } from './option-image.ts';

const options = [
  {
    id: 'color',
    name: 'Colour',
    values: [
      { id: 'red', name: 'Red', image: '/media/red.png' },
      { id: 'blue', name: 'Blue' },
    ],
  },
  { id: 'size', name: 'Size', values: [{ id: 'm', name: 'M', image: '/media/m.png' }] },
];

describe('the picture of a choice of options', () => {
  it('is the first chosen value that has its own picture', () => {
    expect(optionImage(options, ['red', 'm'])).toBe('/media/red.png');
    expect(optionImage(options, ['blue', 'm'])).toBe('/media/m.png');
  });
  it('is none while no chosen value has one', () => {
    expect(optionImage(options, ['blue', null])).toBeUndefined();
    expect(optionImage(options, [null, null])).toBeUndefined();
  });
});
