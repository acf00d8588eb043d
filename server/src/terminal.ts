/** Asking the person at the terminal for a secret, without echoing what they type. */
import readline from 'node:readline';

export async function promptHidden(question: string): Promise<string> {
  process.stdout.write(question);
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => undefined;
  const answer = await new Promise<string>((resolve) => rl.question('', resolve));
  rl.close();
  process.stdout.write('\n');
  return answer;
}
