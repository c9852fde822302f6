import { describe, expect, it } from 'vitest';
import { AppError, Code, shippingZoneInputSchema } from '@shop/contract';
import type { AdminShippingZone } from '@shop/contract';
import {
  bandsFor,
  isBandLimitValid,
  newMethod,
  serverFields,
  toBody,
  toFormValues,
} from './shipping-values.ts';
import type { BandFormValues, ZoneFormValues } from './shipping-values.ts';

const brazil: AdminShippingZone = {
  id: '7d0f7c1e-8a57-4c8e-9d4e-6a1b2c3d4e5f',
  names: { 'en-US': 'Brazil', 'pt-BR': 'Brasil' },
  places: [
    { country: 'BR', region: '' },
    { country: 'BR', region: 'BR-RJ' },
  ],
  methods: [
    {
      id: '0b8e9f6a-1c2d-4e3f-8a9b-0c1d2e3f4a5b',
      names: { 'en-US': 'Standard', 'pt-BR': 'Normal' },
      pricing: 'flat',
      fee: 799,
      bands: [],
      freeOverThreshold: true,
      minDays: 5,
      maxDays: 9,
    },
    {
      id: '1c9f0a7b-2d3e-4f50-9b0c-1d2e3f4a5b6c',
      names: { 'en-US': 'Express' },
      pricing: 'weight',
      fee: 0,
      bands: [
        { upTo: 1_000, fee: 1_499 },
        { upTo: 5_000, fee: 2_499 },
        { upTo: null, fee: 3_999 },
      ],
      freeOverThreshold: false,
      minDays: 2,
      maxDays: 3,
    },
    {
      id: '2d0a1b8c-3e4f-4061-8c1d-2e3f4a5b6c7d',
      names: { 'en-US': 'Economy' },
      pricing: 'value',
      fee: 0,
      bands: [
        { upTo: 5_000, fee: 990 },
        { upTo: null, fee: 0 },
      ],
      freeOverThreshold: false,
      minDays: 7,
      maxDays: 15,
    },
  ],
};

describe('the shipping zone form', () => {
  it('starts a new zone with one place and one flat method to fill in, free over the threshold', () => {
    expect(toFormValues(null, 'USD')).toEqual({
      names: {},
      places: [{ country: undefined, region: '' }],
      methods: [
        {
          names: {},
          pricing: 'flat',
          fee: null,
          bands: [],
          freeOverThreshold: true,
          minDays: null,
          maxDays: null,
        },
      ],
    });
  });

  it('sends a zone back as it was when nothing is changed, every method with its id', () => {
    const { id: _id, ...input } = brazil;
    expect(toBody(toFormValues(brazil, 'USD'), 'USD')).toEqual(input);
  });

  it('shows money in major units of the shop currency, weight limits in grams, and sends minor units', () => {
    const values = toFormValues(brazil, 'USD');
    expect(values.methods[0]!.fee).toBe(7.99);
    expect(values.methods[1]!.bands).toEqual([
      { upTo: 1_000, fee: 14.99 },
      { upTo: 5_000, fee: 24.99 },
      { upTo: null, fee: 39.99 },
    ]);
    // A value band's limit is money too.
    expect(values.methods[2]!.bands[0]).toEqual({ upTo: 50, fee: 9.9 });

    const [flat, weight, value] = values.methods as [
      ZoneFormValues['methods'][number],
      ...ZoneFormValues['methods'],
    ];
    const body = toBody(
      {
        ...values,
        methods: [
          { ...flat, fee: 12.5 },
          {
            ...weight!,
            bands: [
              { upTo: 2_500, fee: 0.1 + 0.2 },
              { upTo: null, fee: 30 },
            ],
          },
          {
            ...value!,
            bands: [
              { upTo: 120.25, fee: 4 },
              { upTo: null, fee: 0 },
            ],
          },
        ],
      },
      'USD',
    );
    expect(body.methods.map((method) => [method.fee, method.bands])).toEqual([
      [1_250, []],
      [
        0,
        [
          { upTo: 2_500, fee: 30 },
          { upTo: null, fee: 3_000 },
        ],
      ],
      [
        0,
        [
          { upTo: 12_025, fee: 400 },
          { upTo: null, fee: 0 },
        ],
      ],
    ]);
    // A currency without decimals: typed 1 200 yen is 1 200 minor units.
    expect(toBody({ ...values, methods: [{ ...flat, fee: 1_200 }] }, 'JPY').methods[0]!.fee).toBe(1_200);
  });

  it('sends only the fee of a flat method and only the bands of a banded one, keeping the other in the form', () => {
    const values = toFormValues(brazil, 'USD');
    const [flat, weight] = values.methods;
    const switched = toBody(
      {
        ...values,
        methods: [
          { ...flat!, pricing: 'weight', bands: [{ upTo: null, fee: 5 }] },
          { ...weight!, pricing: 'flat', fee: 3 },
        ],
      },
      'USD',
    );
    expect(switched.methods[0]).toMatchObject({
      pricing: 'weight',
      fee: 0,
      bands: [{ upTo: null, fee: 500 }],
    });
    expect(switched.methods[1]).toMatchObject({ pricing: 'flat', fee: 300, bands: [] });
  });

  it('trims names, drops blank ones, leaves out the id of a new method and sends a whole country as region ""', () => {
    const body = toBody(
      {
        names: { 'en-US': ' Portugal ', 'pt-BR': '  ' },
        places: [
          { country: 'PT', region: '' },
          { country: 'ES', region: undefined as unknown as string },
        ],
        methods: [{ ...newMethod(), names: { 'en-US': ' Post ' }, fee: 4.5, minDays: 3, maxDays: 6 }],
      },
      'EUR',
    );
    expect(body).toEqual({
      names: { 'en-US': 'Portugal' },
      places: [
        { country: 'PT', region: '' },
        { country: 'ES', region: '' },
      ],
      methods: [
        {
          names: { 'en-US': 'Post' },
          pricing: 'flat',
          fee: 450,
          bands: [],
          freeOverThreshold: true,
          minDays: 3,
          maxDays: 6,
        },
      ],
    });
    // The API takes what the form sends.
    expect(shippingZoneInputSchema.safeParse(body).success).toBe(true);
  });

  it('gives a method that becomes banded one open band to fill in, and keeps bands it has', () => {
    expect(bandsFor('weight', [])).toEqual([{ upTo: null, fee: null }]);
    expect(bandsFor('value', undefined)).toEqual([{ upTo: null, fee: null }]);
    const bands = [{ upTo: 500, fee: 3 }];
    expect(bandsFor('value', bands)).toBe(bands);
    expect(bandsFor('flat', [])).toEqual([]);
  });

  it('accepts band limits rising from the smallest, with only the last one open, as the API does', () => {
    const bands = (...limits: (number | null)[]): BandFormValues[] =>
      limits.map((upTo) => ({ upTo, fee: 1 }));
    const valid = (list: BandFormValues[]) => list.map((_, index) => isBandLimitValid(list, index));
    expect(valid(bands(1_000, 5_000, null))).toEqual([true, true, true]);
    expect(valid(bands(null))).toEqual([true]);
    expect(valid(bands(1_000, 5_000))).toEqual([true, true]);
    expect(valid(bands(5_000, 1_000, null))).toEqual([true, false, true]);
    expect(valid(bands(1_000, 1_000))).toEqual([true, false]);
    expect(valid(bands(null, 1_000))).toEqual([false, false]);
  });

  it("puts the server's messages under the form's fields", () => {
    const error = new AppError(Code.validation, 'Invalid value.', {
      names: 'This field is required.',
      places: 'One of these places already belongs to another shipping zone.',
      'places.1': 'Invalid value.',
      'places.0.region': 'Choose a state of this country.',
      'methods.0.names': 'This field is required.',
      'methods.0.bands.1.upTo': 'List the bands from the smallest limit up.',
      'methods.1.bands.0': 'Invalid value.',
      'methods.0.maxDays': 'The latest day must not come before the earliest.',
    });
    const mapped = serverFields(error, 'pt-BR') as AppError;
    expect(mapped).toBeInstanceOf(AppError);
    expect(mapped.code).toBe(Code.validation);
    expect(mapped.fields).toEqual({
      'names.pt-BR': 'This field is required.',
      places: 'One of these places already belongs to another shipping zone.',
      'places.0.region': 'Choose a state of this country.',
      'methods.0.names.pt-BR': 'This field is required.',
      'methods.0.bands.1.upTo': 'List the bands from the smallest limit up.',
      'methods.1.bands': 'Invalid value.',
      'methods.0.maxDays': 'The latest day must not come before the earliest.',
    });
    const other = new Error('offline');
    expect(serverFields(other, 'en-US')).toBe(other);
  });
});
