import { z } from 'zod';

/** The extension's sign-in and install (docs/api.md "Extension"; DESIGN §4). */

/** POST /api/extension/login-token: a one-time token the signed-in app hands its extension. */
export const extensionLoginTokenAnswer = z.object({ token: z.string(), uid: z.string() });
export type ExtensionLoginToken = z.infer<typeof extensionLoginTokenAnswer>;

/** POST /api/extension/session: the extension trades the one-time token for its own session. */
export const extensionSessionBody = z.object({ token: z.string().min(1).max(200) });
export const extensionSessionAnswer = z.object({
  sessionToken: z.string().min(1),
  uid: z.string().min(1),
});
export type ExtensionSession = z.infer<typeof extensionSessionAnswer>;

/** GET /api/extension/install: what the install page (/setup/extension) shows. */
export const extensionInstallAnswer = z.object({
  /** The one origin the extension talks to: the server's PUBLIC_URL. */
  appOrigin: z.string(),
  /** EXTENSION_STORE_URL, else null: the page offers /extension.zip. */
  storeUrl: z.string().nullable(),
  zipUrl: z.string(),
});
export type ExtensionInstallInfo = z.infer<typeof extensionInstallAnswer>;
