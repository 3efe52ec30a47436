/**
 * The storage account Canopy talks to, from either a connection string (AZURE_STORAGE_CONNECTION_STRING)
 * or an account name and key (AZURE_STORAGE_ACCOUNT + AZURE_STORAGE_KEY, with AZURE_STORAGE_BLOB_ENDPOINT
 * for anything but the public cloud's default). Either way the server needs the account key itself:
 * it signs the upload URLs' service SAS with it, and a connection string that carries only a SAS
 * could not.
 */
export interface AzureAccount {
  name: string;
  /** Base64 shared key. */
  key: string;
  /** The blob service endpoint, without a trailing slash (e.g. https://acct.blob.core.windows.net). */
  blobEndpoint: string;
}

export class AzureAccountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AzureAccountError';
  }
}

/**
 * Azurite's development account: its name and key are published by Microsoft and identical on every
 * machine, which is what `UseDevelopmentStorage=true` stands for.
 */
export const DEVELOPMENT_ACCOUNT = {
  name: 'devstoreaccount1',
  key: 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==',
} as const;

function fields(connectionString: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of connectionString.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    // Keys are case-insensitive in Azure's format; the key's own '=' padding stays in the value.
    out.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  return out;
}

export function parseConnectionString(connectionString: string): AzureAccount {
  const f = fields(connectionString);
  if (f.get('usedevelopmentstorage') === 'true') {
    return { ...DEVELOPMENT_ACCOUNT, blobEndpoint: `http://127.0.0.1:10000/${DEVELOPMENT_ACCOUNT.name}` };
  }
  const name = f.get('accountname');
  const key = f.get('accountkey');
  if (!name || !key) {
    throw new AzureAccountError(
      'AZURE_STORAGE_CONNECTION_STRING: needs AccountName and AccountKey (the server signs upload URLs with the key; a SAS-only connection string cannot)',
    );
  }
  const protocol = f.get('defaultendpointsprotocol') ?? 'https';
  const suffix = f.get('endpointsuffix') ?? 'core.windows.net';
  const blobEndpoint = f.get('blobendpoint') ?? `${protocol}://${name}.blob.${suffix}`;
  return { name, key, blobEndpoint: blobEndpoint.replace(/\/+$/, '') };
}

export interface AzureAccountSettings {
  AZURE_STORAGE_CONNECTION_STRING?: string | undefined;
  AZURE_STORAGE_ACCOUNT?: string | undefined;
  AZURE_STORAGE_KEY?: string | undefined;
  AZURE_STORAGE_BLOB_ENDPOINT?: string | undefined;
}

/** The account the settings name, or an AzureAccountError naming the variable that is missing. */
export function azureAccount(settings: AzureAccountSettings): AzureAccount {
  if (settings.AZURE_STORAGE_CONNECTION_STRING) return parseConnectionString(settings.AZURE_STORAGE_CONNECTION_STRING);
  const name = settings.AZURE_STORAGE_ACCOUNT;
  const key = settings.AZURE_STORAGE_KEY;
  if (!name || !key) {
    throw new AzureAccountError('AZURE_STORAGE_CONNECTION_STRING: required when BLOB_STORE=azure (or AZURE_STORAGE_ACCOUNT and AZURE_STORAGE_KEY)');
  }
  const endpoint = settings.AZURE_STORAGE_BLOB_ENDPOINT ?? `https://${name}.blob.core.windows.net`;
  return { name, key, blobEndpoint: endpoint.replace(/\/+$/, '') };
}
