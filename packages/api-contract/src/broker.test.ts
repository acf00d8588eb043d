import { CredentialsRequest, maskApiKey, REDIRECT_URI_RULE } from './broker';

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

describe('maskApiKey', () => {
  it('shows the first 8 characters of the key (half of a shorter one) and hides the rest', () => {
    expect(maskApiKey('a1b2c3d4e5f6g7h8')).toBe('a1b2c3d4****');
    expect(maskApiKey('abcdef')).toBe('abc****');
    expect(maskApiKey('a1b2c3d4e5f6g7h8', '••••••••')).toBe('a1b2c3d4••••••••');
  });

  it('shows the same characters when the key it is given is already masked', () => {
    expect(maskApiKey(maskApiKey('a1b2c3d4e5f6g7h8'), '••••••••')).toBe('a1b2c3d4••••••••');
  });
});
