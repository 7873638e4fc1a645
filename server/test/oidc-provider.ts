import http from 'node:http';
import Provider from 'oidc-provider';

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package) standing in for Google. Its
 * development sign-in page accepts any login; the login typed becomes the account's e-mail,
 * reported as verified unless it contains "unverified".
 */
export async function startOidcProvider(options: {
  port: number;
  redirectUri: string;
}): Promise<TestOidcProvider> {
  const issuer = `http://127.0.0.1:${options.port}`;
  const clientId = 'hoc-vien-test';
  const clientSecret = 'hoc-vien-test-secret';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({
        sub,
        email: sub,
        email_verified: !sub.includes('unverified'),
        name: 'Người dùng Google',
      }),
    }),
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['hoc-vien-test-cookie-key'] },
    // Consent is implied for the one test client.
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const server = http.createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
