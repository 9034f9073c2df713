// Placeholder chat view: the real chat replaces this.
const app = document.getElementById('app');
if (app) {
  const input = document.createElement('textarea');
  input.setAttribute('aria-label', 'Message Zero');
  const send = document.createElement('button');
  send.textContent = 'Send';
  app.append(input, send);
}
