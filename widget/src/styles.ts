/**
 * The widget's whole style sheet, placed inside its shadow root: nothing reaches the host page
 * and `:host { all: initial }` keeps the page's inherited styles out. The host element takes no
 * room in the page's layout (fixed, empty, above the page), so neither changes the other's boxes. Margins are set explicitly
 * because host pages (and the preview's about:blank frame) may render in quirks mode. Values the client designs
 * arrive as custom properties on .cb (design.ts) or inline geometry on the box (layout.ts).
 */
export const WIDGET_CSS = `
:host{all:initial!important;display:block!important;position:fixed!important;top:0!important;left:0!important;width:0!important;height:0!important;z-index:2147483000!important}
.cb,.cb *{box-sizing:border-box}
.cb{font-family:var(--cb-font);color:var(--cb-text);line-height:1.4}
.cb form,.cb p,.cb label{margin:0}
.overlay{position:fixed;inset:0;display:flex;overflow:auto;padding:20px;z-index:2147483000}
.box{position:relative;max-width:100%;border-radius:20px;background-color:#fff;background-position:center;background-size:cover;background-repeat:no-repeat;box-shadow:0 10px 40px rgba(0,0,0,.25);font-size:var(--cb-size);display:flex;flex-direction:column;justify-content:center}
.full{padding:0}
.full .box{flex:1;max-width:none}
.content{display:flex;flex-direction:column;gap:16px;text-align:center}
.close{position:absolute;top:10px;right:10px;width:36px;height:36px;padding:0;border:0;border-radius:50%;background:transparent;color:inherit;font:inherit;font-size:26px;line-height:1;cursor:pointer;opacity:.6}
.close:hover,.close:focus-visible{opacity:1}
.media{display:flex;align-items:center;gap:20px;text-align:left}
.media .main{flex:1}
.picture{display:block;max-width:100%;height:auto;margin:0 auto;border-radius:8px}
.media .picture{margin:0;flex:none}
.main{font-size:var(--cb-size);font-weight:600}
.form{display:flex;flex-direction:column;align-items:center;gap:12px}
.h .form{flex-direction:row;flex-wrap:wrap;align-items:stretch}
.h .form>.phone{flex:1 1 180px;width:auto;min-width:0}
.h .form>.button{width:auto}
.fields{display:flex;flex-direction:column;gap:12px;width:100%;text-align:left}
.cb .label{display:block;margin:0 0 4px;font-size:.7em}
.row{display:flex;gap:10px}
.row>*{flex:1;min-width:0}
input,select{display:block;width:100%;margin:0;padding:10px 14px;border:1px solid #c3c9d2;border-radius:8px;background:#fff;color:#1f2328;font:inherit;font-size:16px;line-height:1.3}
input:focus-visible,select:focus-visible,button:focus-visible,a:focus-visible{outline:2px solid #2563eb;outline-offset:2px}
.button{width:var(--cb-btn-width);min-width:max-content;max-width:100%;padding:.6em 1.2em;border:0;border-radius:8px;background:var(--cb-btn-bg);color:var(--cb-btn-fg);font:inherit;font-size:var(--cb-btn-size);font-weight:600;line-height:1.2;cursor:pointer}
.note{font-size:.7em;opacity:.85}
.notice{font-size:.75em;font-weight:600}
.notice.error{color:#c62828}
.notice.success{color:#2e7d32}
.link{align-self:center;padding:0;border:0;background:none;color:inherit;font:inherit;font-size:.75em;text-decoration:underline;cursor:pointer}
.disclaimer{font-size:.6em;opacity:.8}
.disclaimer a{color:inherit}
.icon{position:fixed;bottom:20px;display:flex;align-items:center;justify-content:center;padding:0;border:0;border-radius:50%;box-shadow:0 4px 16px rgba(0,0,0,.3);cursor:pointer;z-index:2147483000}
.icon.left{left:20px}
.icon.right{right:20px}
.icon svg{width:50%;height:50%;fill:currentColor}
`;
