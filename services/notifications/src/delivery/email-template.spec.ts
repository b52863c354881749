import { describe, expect, it } from '@jest/globals';
import { renderEmail } from './email-template.js';

describe('renderEmail', () => {
  it('subject per template with its variables, the text as body, a button to the link', () => {
    const email = renderEmail({
      template: 'purchase-cancelled-buyer',
      text: 'Hola Ana, tu compra TUE-1 en Frenos & Co fue cancelada: no se pagó a tiempo. Los productos volvieron a tu carrito.',
      params: { ref: 'TUE-1', store: 'Frenos & Co', link: 'https://tuerca.co/cart/page/index/cart' },
    });
    expect(email.subject).toBe('Tu compra TUE-1 en Frenos & Co fue cancelada');
    expect(email.text).toBe(
      'Hola Ana, tu compra TUE-1 en Frenos & Co fue cancelada: no se pagó a tiempo. Los productos volvieron a tu carrito.\n\n' +
        'Ver mi carrito: https://tuerca.co/cart/page/index/cart\n\n--\n\n' +
        'Recibes este correo porque usas Tuerca, la tienda de autopartes en línea. Si no reconoces este mensaje, ignóralo.',
    );
    expect(email.html).toContain('Frenos &amp; Co');
    expect(email.html).toContain('<a href="https://tuerca.co/cart/page/index/cart" style="display:inline-block');
    expect(email.html).toContain('>Ver mi carrito</a>');
  });

  it('escapes markup from data and links the URLs in the text', () => {
    const email = renderEmail({
      template: 'registration-requested',
      text: 'Hola, <script>x</script>: abre https://tuerca.co/v?token=a&b=1 .',
      params: { link: 'https://tuerca.co/v?token=a&b=1' },
    });
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;');
    expect(email.html).toContain(
      '<a href="https://tuerca.co/v?token=a&amp;b=1" style="color:#0b57d0">https://tuerca.co/v?token=a&amp;b=1</a>',
    );
    // The link is already in the text: not repeated in the plain body.
    expect(email.text.match(/https:\/\/tuerca\.co\/v/g)).toHaveLength(1);
  });

  it('a template without its own subject, or a link that is not http(s), falls back safely', () => {
    const email = renderEmail({ template: 'something-new', text: 'Hola.', params: { link: 'javascript:alert(1)' } });
    expect(email.subject).toBe('Mensaje de Tuerca');
    expect(email.html).not.toContain('javascript:');
    expect(email.text).toBe(
      'Hola.\n\n--\n\nRecibes este correo porque usas Tuerca, la tienda de autopartes en línea. Si no reconoces este mensaje, ignóralo.',
    );
  });
});
