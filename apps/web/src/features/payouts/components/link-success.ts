/** What Plaid Link's onSuccess hands over (the sandbox's dialog too); the server needs the token and the chosen account's id. */
export type LinkMetadata = { institution: { name: string } | null; accounts: { id: string }[] };
export type LinkSuccess = (publicToken: string, metadata: LinkMetadata) => void;
