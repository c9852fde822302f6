import type { TestProject } from 'vitest/node';
import { startShop } from './support/shop-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One real shop for the whole browser suite. */
export default async function setup(project: TestProject) {
  const shop = await startShop();
  project.provide('baseUrl', shop.baseUrl);
  return shop.stop;
}
