/** Who is asking: the signed-in user as every context receives it (read from the token by http/authenticate.ts). */
export interface AuthUser {
  id: number;
  username: string;
  email: string;
  companyId: number | null;
  roleId: number | null;
  isSuperuser: boolean;
}
