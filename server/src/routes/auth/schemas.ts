/** Request and response schemas shared by the sign-in and account routes (OpenAPI + validation). */
import { z } from '@hono/zod-openapi';
import { DetailSchema, FieldErrorsSchema, json, jsonBody } from '@canopy/contract/http.ts';

export { DetailSchema, FieldErrorsSchema, json, jsonBody };

export const BLANK = 'This field may not be blank.';
export const INVALID_EMAIL = 'Enter a valid email address.';

/** A required string: missing → "This field is required.", empty → "This field may not be blank.". */
export const requiredString = () => z.string().min(1, BLANK);

/** Django's EmailField length (RFC 5321's path limit); longer input never names an account. */
export const EMAIL_MAX = 254;
export const emailField = () => z.string().trim().max(EMAIL_MAX, tooLong(EMAIL_MAX)).pipe(z.email(INVALID_EMAIL));
export const tooLong = (n: number) => `Ensure this field has no more than ${n} characters.`;

export const TokenNotValidSchema = z.object({ detail: z.string(), code: z.literal('token_not_valid') }).openapi('TokenNotValid');

export const TokenPairSchema = z.object({ refresh: z.string(), access: z.string() }).openapi('TokenPair');

export const UserSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    company_id: z.number().int().nullable(),
    subscription: z.number().int().nullable(),
    is_superuser: z.boolean(),
    role: z.string().nullable(),
    country: z.string().openapi({ description: 'ISO 3166-1 alpha-2, or empty' }),
    province: z.string().openapi({ description: 'ISO 3166-2 code where known (CA-ON), else free text' }),
    date_joined: z.string(),
    questionnaire_answered: z.boolean(),
  })
  .openapi('User');

export const errors = {
  400: json(FieldErrorsSchema, 'Invalid fields, as {field: [messages]}'),
  429: json(DetailSchema, 'Throttled; see Retry-After'),
} as const;

export const unauthenticated = json(DetailSchema, 'Not signed in, or the token is not valid');
