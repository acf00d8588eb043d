import { readCspNonce } from '@nivesh/ui/nonce';

declare let __webpack_nonce__: string | undefined;

// Before anything else loads: style elements that webpack and Emotion insert must carry the
// page's Content-Security-Policy nonce.
const nonce = readCspNonce();
if (nonce) __webpack_nonce__ = nonce;

// The async boundary: shared singletons are negotiated with the remotes before any of them runs.
import('./bootstrap');
