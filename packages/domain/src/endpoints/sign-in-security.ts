import { z } from 'zod';
import { loginResponseSchema } from '../contracts/auth';
import {
  allowedMachineSchema,
  machineIdParamsSchema,
  machineListSchema,
  machineModeRequestSchema,
  passkeyIdParamsSchema,
  passkeySchema,
  renameMachineRequestSchema,
  webauthnAnswerSchema,
  webauthnChallengeSchema,
  webauthnLoginRequestSchema,
} from '../contracts/sign-in-security';
import { endpoint } from './endpoint';

const tags = ['sign-in security'] as const;

/**
 * Sign-in security: passkeys (the signed-in user's own; sign-in with one), the organisation's
 * machine allowlist (administrators only), and sign-out of every device (`auth.logout` with
 * `revokeAll`). Another user's passkey or another organisation's machine answers 404.
 */
export const signInSecurityEndpoints = {
  passkeyLoginOptions: endpoint({
    method: 'POST',
    path: '/api/auth/login/webauthn/options',
    tags,
    summary: 'A challenge to sign in with a passkey',
    responses: { 200: webauthnChallengeSchema },
  }),
  passkeyLoginVerify: endpoint({
    method: 'POST',
    path: '/api/auth/login/webauthn/verify',
    tags,
    summary: 'Signs in with a passkey: the login answer; sets the refresh cookie',
    body: webauthnLoginRequestSchema,
    responses: { 200: loginResponseSchema },
  }),
  listPasskeys: endpoint({
    method: 'GET',
    path: '/api/auth/passkeys',
    tags,
    summary: "The signed-in user's passkeys",
    responses: { 200: z.array(passkeySchema) },
  }),
  passkeyRegistrationOptions: endpoint({
    method: 'POST',
    path: '/api/auth/passkeys/options',
    tags,
    summary: 'A challenge to register a passkey',
    responses: { 200: webauthnChallengeSchema },
  }),
  registerPasskey: endpoint({
    method: 'POST',
    path: '/api/auth/passkeys',
    tags,
    summary: 'Registers the passkey that answered the challenge',
    body: webauthnAnswerSchema,
    responses: { 201: passkeySchema },
  }),
  deletePasskey: endpoint({
    method: 'DELETE',
    path: '/api/auth/passkeys/:id',
    tags,
    summary: "Deletes one of the signed-in user's passkeys",
    params: passkeyIdParamsSchema,
    responses: { 204: z.null() },
  }),
  listMachines: endpoint({
    method: 'GET',
    path: '/api/auth/machines',
    tags,
    summary: 'The machine restriction mode and the allowed machines (administrators)',
    responses: { 200: machineListSchema },
  }),
  setMachineMode: endpoint({
    method: 'PUT',
    path: '/api/auth/machines/mode',
    tags,
    summary: 'Sets the machine restriction mode (administrators)',
    body: machineModeRequestSchema,
    responses: { 200: machineListSchema },
  }),
  renameMachine: endpoint({
    method: 'PUT',
    path: '/api/auth/machines/:id',
    tags,
    summary: 'Names an allowed machine (administrators)',
    params: machineIdParamsSchema,
    body: renameMachineRequestSchema,
    responses: { 200: allowedMachineSchema },
  }),
  revokeMachine: endpoint({
    method: 'DELETE',
    path: '/api/auth/machines/:id',
    tags,
    summary: 'Removes a machine from the allowlist (administrators)',
    params: machineIdParamsSchema,
    responses: { 204: z.null() },
  }),
};
