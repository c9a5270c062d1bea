import { describe, expect, it } from 'vitest';
import { embedSnippet } from './embedSnippet.ts';

describe('embedSnippet', () => {
  it('loads the widget script of this server with the website key', () => {
    expect(embedSnippet('https://app.example.com', 'k3y_A-b')).toBe('<script src="https://app.example.com/widget.js?key=k3y_A-b" async></script>');
  });

  it('ignores a trailing slash of the origin and escapes the key', () => {
    expect(embedSnippet('http://127.0.0.1:3000/', 'a&b"c')).toBe('<script src="http://127.0.0.1:3000/widget.js?key=a%26b%22c" async></script>');
  });

  it('loads the script from its configured public address (WIDGET_SCRIPT_URL) when there is one', () => {
    expect(embedSnippet('https://app.example.com', 'k3y', 'https://cdn.example.com/callback/widget.js')).toBe(
      '<script src="https://cdn.example.com/callback/widget.js?key=k3y" async></script>',
    );
  });
});
