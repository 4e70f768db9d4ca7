/**
 * @simplewebauthn/server, loaded by the first passkey ceremony rather than at start: with the
 * certificate parsers it pulls in, it was the costliest import of a server start, and most
 * processes never run a ceremony (docs/benchmarks.md, first start and re-open).
 */
export const webauthnLibrary = () => import("@simplewebauthn/server");
export const webauthnHelpers = () => import("@simplewebauthn/server/helpers");
