/** The nonce the server put in <meta name="csp-nonce">, if any (none under the dev server). */
export function readCspNonce(doc: Document = document): string | undefined {
  const content = doc.querySelector('meta[name="csp-nonce"]')?.getAttribute('content');
  return content && content !== '__CSP_NONCE__' ? content : undefined;
}
