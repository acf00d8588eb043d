import { CredentialsRequest, REDIRECT_URI_RULE } from './broker';

describe('broker credentials', () => {
  const save = (redirect_uri: string) => CredentialsRequest.safeParse({ api_key: 'key', redirect_uri });

  it('takes an absolute http: or https: redirect URI, trimmed', () => {
    for (const uri of [
      'https://nivesh.example/api/upstox/callback',
      'http://localhost:4000/api/upstox/callback',
      'HTTPS://NIVESH.EXAMPLE/cb?x=1',
    ]) {
      expect(save(uri).success).toBe(true);
    }
    expect(save('  https://nivesh.example/cb  ').data?.redirect_uri).toBe('https://nivesh.example/cb');
  });

  it('refuses any other scheme, a relative or hostless URL, and control characters', () => {
    for (const uri of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,hi',
      'file:///etc/passwd',
      'ftp://nivesh.example/cb',
      '/api/upstox/callback',
      'nivesh.example/cb',
      'https://',
      'http:/nivesh.example',
      'https://nivesh.example/a\nb',
      '',
    ]) {
      const result = save(uri);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(REDIRECT_URI_RULE);
    }
  });
});
