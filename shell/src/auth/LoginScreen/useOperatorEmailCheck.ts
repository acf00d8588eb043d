import { useState } from 'react';
import { mayBeOperatorEmail, type OperatorEmailHash } from './operatorEmail';

/**
 * The operator-address check a form runs before it calls the server, with a flag that is true while
 * the address is being hashed (the form shows itself busy meanwhile).
 */
export function useOperatorEmailCheck(operator: OperatorEmailHash | undefined) {
  const [checking, setChecking] = useState(false);

  async function mayBeOperator(email: string): Promise<boolean> {
    setChecking(true);
    try {
      return await mayBeOperatorEmail(email, operator);
    } finally {
      setChecking(false);
    }
  }

  return { checking, mayBeOperator };
}
