import { describe, expect, it } from 'vitest';
import { startFailureText } from './start-failure.ts';

describe('the texts of an app that cannot start', () => {
  it('follow the saved language, then the browser, then English', () => {
    expect(startFailureText('zh-TW', ['en-US'])).toEqual({ title: '頁面載入失敗', retry: '重試' });
    expect(startFailureText(null, ['fr-FR', 'pt'])).toEqual({
      title: 'Falha ao carregar a página',
      retry: 'Tentar de novo',
    });
    expect(startFailureText('xx', ['fr-FR'])).toEqual({ title: 'Loading chunk failed', retry: 'Retry' });
  });
});
