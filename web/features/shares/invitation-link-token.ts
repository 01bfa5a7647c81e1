/** The token of an invitation link `/invitation#{token}`: after `#`, so it reaches no server log (decision 047). */
export function invitationLinkToken(hash: string): string {
  return decodeURIComponent(hash.replace(/^#/, '')).trim();
}
