import { createHash } from 'node:crypto';
import { mayBeOperatorEmail, normaliseEmail } from './operatorEmail';

const OPERATOR = 'operator@nivesh.local';
const HASH = createHash('sha256').update(OPERATOR).digest('hex');

afterEach(() => jest.restoreAllMocks());

describe('mayBeOperatorEmail', () => {
  it('accepts the operator address, whatever its case and surrounding spaces', async () => {
    expect(normaliseEmail('  Operator@NIVESH.local ')).toBe(OPERATOR);
    await expect(mayBeOperatorEmail(OPERATOR, HASH)).resolves.toBe(true);
    await expect(mayBeOperatorEmail('  Operator@NIVESH.local ', HASH)).resolves.toBe(true);
  });

  it('refuses any other address', async () => {
    await expect(mayBeOperatorEmail('operator@nivesh.locale', HASH)).resolves.toBe(false);
    await expect(mayBeOperatorEmail('someone@example.com', HASH)).resolves.toBe(false);
  });

  it('skips the check without the server hash', async () => {
    await expect(mayBeOperatorEmail('someone@example.com', undefined)).resolves.toBe(true);
  });

  it('skips the check without WebCrypto (not a secure context)', async () => {
    jest
      .spyOn(Object.getPrototypeOf(crypto) as Crypto, 'subtle', 'get')
      .mockReturnValue(undefined as unknown as SubtleCrypto);
    await expect(mayBeOperatorEmail('someone@example.com', HASH)).resolves.toBe(true);
  });
});
