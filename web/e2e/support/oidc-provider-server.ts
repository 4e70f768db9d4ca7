/**
 * The browser journeys' OpenID provider: the project's test provider (server/test/support/oidc-provider.ts,
 * a real `oidc-provider` on loopback) with a one-button login page. Started by playwright.config.ts;
 * `node --import tsx e2e/support/oidc-provider-server.ts <port> <redirectUri>`.
 */
import { startOidcProvider } from "../../../server/test/support/oidc-provider";

const [port, redirectUri] = process.argv.slice(2);
const provider = await startOidcProvider({ port: Number(port), redirectUris: [redirectUri!] });
console.log(`test OpenID provider at ${provider.issuer}`);
const stop = () => void provider.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
