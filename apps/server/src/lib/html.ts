const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** A small, script-free page for the development stand-ins. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1a2230}
header{background:#0b3a53;color:#fff;padding:12px 20px}header h1{font-size:18px;margin:0}
main{max-width:960px;margin:20px auto;padding:0 16px}
table{width:100%;border-collapse:collapse;background:#fff;border-radius:8px;overflow:hidden}
th,td{text-align:left;padding:8px 10px;border-bottom:1px solid #e3e7ec;vertical-align:top}
th{background:#eef2f5;font-weight:600}pre{white-space:pre-wrap;margin:0;font:13px/1.4 ui-monospace,monospace}
.empty{background:#fff;padding:24px;border-radius:8px;color:#4a5565}
form{display:inline}button{font:inherit;padding:6px 14px;border-radius:6px;border:1px solid #0b3a53;background:#0b3a53;color:#fff;cursor:pointer}
button.deny{background:#fff;color:#8a1c1c;border-color:#8a1c1c}label{display:block;margin-bottom:6px}
input{font:inherit;padding:6px 8px;border:1px solid #9aa5b1;border-radius:6px;min-width:260px}
</style></head><body><header><h1>${escapeHtml(title)}</h1></header><main>${body}</main></body></html>`;
}
