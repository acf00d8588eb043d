import { createHash } from 'node:crypto';
import { mayBeOperatorEmail } from './operatorEmail';

const OPERATOR = 'operator@nivesh.local';
const SALT = '00112233445566778899aabbccddeeff';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** As GET /api/auth/config answers it: the install's salt and the salted hash. */
const CONFIG = { operator_email_salt: SALT, operator_email_sha256: sha256(`${SALT}${OPERATOR}`) };

afterEach(() => jest.restoreAllMocks());

describe('mayBeOperatorEmail', () => {
  it('accepts the operator address, whatever its case and surrounding spaces', async () => {
    await expect(mayBeOperatorEmail(OPERATOR, CONFIG)).resolves.toBe(true);
    await expect(mayBeOperatorEmail('  Operator@NIVESH.local ', CONFIG)).resolves.toBe(true);
  });

  it('refuses any other address', async () => {
    await expect(mayBeOperatorEmail('operator@nivesh.locale', CONFIG)).resolves.toBe(false);
    await expect(mayBeOperatorEmail('someone@example.com', CONFIG)).resolves.toBe(false);
  });

  it("hashes with this install's salt: another install's salt, or no salt, does not match", async () => {
    const otherSalt = 'ffeeddccbbaa99887766554433221100';
    await expect(mayBeOperatorEmail(OPERATOR, { ...CONFIG, operator_email_salt: otherSalt })).resolves.toBe(
      false,
    );
    await expect(
      mayBeOperatorEmail(OPERATOR, { ...CONFIG, operator_email_sha256: sha256(OPERATOR) }),
    ).resolves.toBe(false);
  });

  it('skips the check without the server hash', async () => {
    await expect(mayBeOperatorEmail('someone@example.com', undefined)).resolves.toBe(true);
  });

  it('skips the check without WebCrypto (not a secure context)', async () => {
    jest
      .spyOn(Object.getPrototypeOf(crypto) as Crypto, 'subtle', 'get')
      .mockReturnValue(undefined as unknown as SubtleCrypto);
    await expect(mayBeOperatorEmail('someone@example.com', CONFIG)).resolves.toBe(true);
  });
});
