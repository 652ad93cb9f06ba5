/**
 * Messenger on www.facebook.com (`/messages/t/<id>`, `/messages/e2ee/t/<id>`; messenger.com is
 * being retired). The editor is Meta's Lexical: a contenteditable role=textbox.
 */
import { DISMISS, MESSAGE_BUTTON, NOT_SENT, SENDING, SURFACES, TIMINGS } from './common';
import type { PlatformData } from './types';

export const facebook: PlatformData = {
  platform: 'facebook',
  version: 'facebook-2026.11.1',
  hosts: ['www.facebook.com', 'web.facebook.com'],
  selectors: {
    messageButton: [
      '[data-testid="profile_message_button"]',
      '[role="button"][aria-label="Message"]',
      '[role="button"][aria-label="Nachricht senden"]',
      '[role="button"][aria-label="Enviar mensaje"]',
    ],
    composer: [
      '[data-testid="messenger-composer"] [contenteditable="true"]',
      '[contenteditable="true"][role="textbox"][aria-label="Message"]',
      '[contenteditable="true"][role="textbox"][aria-label="Nachricht"]',
      '[contenteditable="true"][role="textbox"][aria-label="Mensaje"]',
      '[contenteditable="true"][role="textbox"][data-lexical-editor="true"]',
    ],
    sendButton: [
      '[data-testid="messenger-send-button"]',
      '[role="button"][aria-label="Press enter to send"]',
      '[role="button"][aria-label="Press Enter to send"]',
      '[role="button"][aria-label="Zum Senden die Eingabetaste drücken"]',
      '[role="button"][aria-label="Pulsa Intro para enviar"]',
    ],
    outgoingMessage: [
      '[data-testid="outgoing_message"] [dir="auto"]',
      '[role="row"] [data-outgoing="true"] [dir="auto"]',
    ],
    surfaces: SURFACES,
    loginForm: ['form[action*="/login"] input[type="password"]', 'input[name="pass"]'],
    dialogButtons: ['[role="dialog"] [role="button"]', '[role="dialog"] button'],
  },
  checkpointPaths: ['/checkpoint'],
  loginPaths: ['/login'],
  threadPaths: ['/messages/t/', '/messages/e2ee/t/'],
  markers: {
    limit: {
      en: [
        "You're temporarily blocked",
        "You're temporarily restricted",
        "You can't use this feature right now",
        'We limit how often you can',
      ],
      de: [
        'Du wurdest vorübergehend blockiert',
        'vorübergehend eingeschränkt',
        'Du kannst diese Funktion momentan nicht nutzen',
      ],
      es: [
        'Se te bloqueó temporalmente',
        'restringido temporalmente',
        'No puedes usar esta función en este momento',
      ],
    },
    login: {
      en: ['Log in to Facebook', 'Log into Facebook', 'You must log in to continue'],
      de: ['Bei Facebook anmelden', 'Du musst dich anmelden'],
      es: ['Inicia sesión en Facebook', 'Debes iniciar sesión para continuar'],
    },
    checkpoint: {
      en: ['Confirm your identity', 'We suspended your account', 'Security check'],
      de: ['Bestätige deine Identität', 'Sicherheitsüberprüfung'],
      es: ['Confirma tu identidad', 'Control de seguridad'],
    },
    cantMessage: {
      en: ["You can't message this account", 'This person is unavailable on Messenger'],
      de: [
        'Du kannst diesem Konto keine Nachrichten senden',
        'Diese Person ist im Messenger nicht verfügbar',
      ],
      es: [
        'No puedes enviar mensajes a esta cuenta',
        'Esta persona no está disponible en Messenger',
      ],
    },
    sending: SENDING,
    notSent: NOT_SENT,
    notice: {
      en: ['end-to-end encrypted', 'end-to-end encryption'],
      de: ['Ende-zu-Ende-verschlüsselt', 'Ende-zu-Ende-Verschlüsselung'],
      es: ['cifrado de extremo a extremo', 'cifrados de extremo a extremo'],
    },
    dismiss: DISMISS,
    messageButton: MESSAGE_BUTTON,
  },
  timings: TIMINGS,
};
