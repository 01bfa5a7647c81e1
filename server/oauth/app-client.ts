/** An app that connects itself: a public client (no secret; PKCE proves it), registered or described by a document. */
export interface AppClient {
  id: string;
  name: string;
  redirectUris: readonly string[];
}
