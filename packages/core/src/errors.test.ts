import { describe, expect, it } from 'vitest';
import {
  apiError,
  DomainError,
  apiErrorBodySchema,
  AUTHORIZED_LINK_MESSAGE,
  callableErrorMessage,
  ERROR_STATUSES,
  errorStatusForHttp,
  ERRORS,
  EXTENSION_MESSAGING_UNAVAILABLE_MESSAGE,
  EXTENSION_NOT_INSTALLED_MESSAGE,
  EXTENSION_NOT_LOGGED_IN_MESSAGE,
  httpStatusFor,
  INVALID_TOKEN_MESSAGE,
  isApiErrorBody,
  MINT_TOKEN_FAILURE_MESSAGE,
  newVersionMessage,
  WRONG_WEB_ADDRESS_TITLE,
  wrongWebAddressMessage,
} from './errors';

describe('error catalogue (SPEC §8)', () => {
  it.each([
    ['permission-denied', 'User not logged in'],
    ['failed-search', "Couldn't do the search"],
    ['bad-response', 'Something went wrong'],
    ['unauthenticated', 'Unauthorized: Invalid token'],
  ] as const)('%s: %s', (status, message) => {
    expect(ERRORS[status]).toEqual({ status, message });
  });

  it('keys every entry by its own status, with a message', () => {
    for (const status of ERROR_STATUSES) {
      expect(ERRORS[status].status).toBe(status);
      expect(ERRORS[status].message.length).toBeGreaterThan(0);
    }
    expect(ERRORS.error.status).toBe('error');
  });

  it('has the spec texts', () => {
    expect(INVALID_TOKEN_MESSAGE).toBe('Unauthorized: Invalid token');
    expect(callableErrorMessage('v2-contacts-getCoreData')).toBe(
      'Error calling function "v2-contacts-getCoreData"',
    );
    expect(MINT_TOKEN_FAILURE_MESSAGE).toBe(
      'Failed to mint custom token. Cannot connect to Team instance.',
    );
    expect(EXTENSION_MESSAGING_UNAVAILABLE_MESSAGE).toBe(
      'Cannot send message to background script. Chrome.runtime is not available.',
    );
    expect(WRONG_WEB_ADDRESS_TITLE).toBe('Wrong Web Address!');
    expect(wrongWebAddressMessage('https://app.leadloom.example')).toContain(
      'https://app.leadloom.example',
    );
    expect(AUTHORIZED_LINK_MESSAGE).toBe('Generating Authorized Link.... please wait');
    expect(EXTENSION_NOT_INSTALLED_MESSAGE).toBe(
      'Leadloom Extension is not installed. Automations and Message Queue will not start.',
    );
    expect(EXTENSION_NOT_LOGGED_IN_MESSAGE).toBe(
      'Leadloom Extension is not logged in. Automations and Message Queue will not start.',
    );
    expect(newVersionMessage('2.3.4')).toBe(
      'Leadloom has been updated to version 2.3.4. Please refresh your browser.',
    );
  });
});

describe('HTTP mapping', () => {
  it.each([
    ['invalid-argument', 400],
    ['unauthenticated', 401],
    ['permission-denied', 403],
    ['not-found', 404],
    ['already-exists', 409],
    ['conflict', 409],
    ['resource-exhausted', 429],
    ['internal', 500],
    ['no-such-status', 500],
    ['toString', 500],
  ])('%s → %d', (status, http) => {
    expect(httpStatusFor(status)).toBe(http);
  });

  it.each([
    [400, 'invalid-argument'],
    [422, 'invalid-argument'],
    [401, 'unauthenticated'],
    [403, 'permission-denied'],
    [404, 'not-found'],
    [409, 'conflict'],
    [429, 'resource-exhausted'],
    [500, 'internal'],
    [503, 'internal'],
    [418, 'bad-response'],
  ])('%d → %s', (http, status) => {
    expect(errorStatusForHttp(http)).toBe(status);
  });

  it('round-trips the server statuses', () => {
    for (const status of [
      'invalid-argument',
      'unauthenticated',
      'permission-denied',
      'not-found',
      'conflict',
      'resource-exhausted',
      'internal',
    ] as const) {
      expect(errorStatusForHttp(httpStatusFor(status))).toBe(status);
    }
  });
});

describe('ApiErrorBody', () => {
  it('builds bodies with the catalogue message by default', () => {
    expect(apiError('not-found')).toEqual({ error: { status: 'not-found', message: 'Not found' } });
    expect(apiError('invalid-argument', 'Enter a name', 'name')).toEqual({
      error: { status: 'invalid-argument', message: 'Enter a name', field: 'name' },
    });
  });

  it('recognises bodies', () => {
    expect(isApiErrorBody(apiError('internal'))).toBe(true);
    expect(isApiErrorBody({ error: { status: '', message: 'x' } })).toBe(false);
    expect(isApiErrorBody({ error: 'x' })).toBe(false);
    expect(isApiErrorBody(null)).toBe(false);
    expect(
      apiErrorBodySchema.safeParse({ error: { status: 'x', message: 'y', field: 3 } }).success,
    ).toBe(false);
  });
});

describe('DomainError', () => {
  it('carries a status, the catalogue message by default, and an optional field', () => {
    const plain = new DomainError('not-found');
    expect(plain).toBeInstanceOf(Error);
    expect([plain.status, plain.message, plain.field]).toEqual([
      'not-found',
      ERRORS['not-found'].message,
      undefined,
    ]);
    const named = new DomainError('invalid-argument', 'name: too long', 'name');
    expect(named.toBody()).toEqual({
      error: { status: 'invalid-argument', message: 'name: too long', field: 'name' },
    });
    expect(plain.toBody()).toEqual({ error: { status: 'not-found', message: 'Not found' } });
    expect(httpStatusFor(named.status)).toBe(400);
  });
});
