import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { stopPersisting } from './render';

// jsdom has <dialog> but not its modal methods: enough of them for components to open and close.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

// Components talk to a real API over loopback: on a busy 2-core machine an answer can take more
// than the default second, so findBy*/waitFor wait up to 5 s (they return as soon as it shows).
configure({ asyncUtilTimeout: 5000 });

afterEach(async () => {
  cleanup();
  await stopPersisting();
  window.localStorage.clear();
});
