/**
 * The built-in issuer's pages: plain server-rendered HTML with no script at all (our CSP allows
 * none inline) and one inline stylesheet (style-src allows 'unsafe-inline'). Every value that
 * reaches the markup goes through `escapeHtml`.
 */

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{color-scheme:light}
body{margin:0;min-height:100vh;display:flex;align-items:flex-start;justify-content:center;
  padding:3rem 1rem;background:#f3f4f6;color:#111827;
  font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{width:100%;max-width:26rem;background:#fff;border:1px solid #e5e7eb;border-radius:12px;
  padding:2rem 1.5rem;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h1{margin:0 0 1rem;font-size:1.5rem;line-height:1.25;font-weight:650;overflow-wrap:anywhere}
p{margin:0 0 1rem}
main>:last-child{margin-bottom:0}
.notice{padding:.75rem 1rem;border-left:4px solid #d97706;background:#fffbeb;border-radius:4px;
  font-size:.9375rem;color:#374151}
.alert{padding:.75rem 1rem;border-left:4px solid #b91c1c;background:#fef2f2;border-radius:4px;color:#991b1b}
label{display:block;font-weight:600;margin:0 0 .25rem}
.optional{font-weight:400;color:#4b5563}
input{display:block;width:100%;min-height:2.75rem;padding:.5rem .75rem;font:inherit;color:inherit;
  background:#fff;border:1px solid #9ca3af;border-radius:6px}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
input[aria-invalid="true"]{border-color:#b91c1c}
.field{margin-bottom:1.25rem}
.hint{margin:.25rem 0 0;font-size:.875rem;color:#4b5563}
.field-error{margin:.25rem 0 0;font-size:.875rem;color:#b91c1c;font-weight:600}
button{display:block;width:100%;min-height:2.75rem;padding:.5rem 1rem;font:inherit;font-weight:600;
  color:#fff;background:#1d4ed8;border:0;border-radius:6px;cursor:pointer}
button:hover{background:#1e40af}
button.secondary{margin-top:.75rem;color:#1d4ed8;background:#fff;border:1px solid #1d4ed8}
button.secondary:hover{background:#eff6ff}
a{color:#1d4ed8}
@media (min-width:640px){body{padding-top:5rem}main{padding:2.5rem 2rem}}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

interface SignInPageOptions {
  productName: string;
  /** Where the form posts to (the interaction's login path). */
  action: string;
  email: string;
  name: string;
  error?: { field: 'email' | 'name'; message: string } | undefined;
}

export function signInPage(options: SignInPageOptions): string {
  const { productName, error } = options;
  const product = escapeHtml(productName);
  const fieldError = (field: 'email' | 'name') =>
    error?.field === field
      ? `<p class="field-error" id="${field}-error" role="alert">${escapeHtml(error.message)}</p>`
      : '';
  const invalid = (field: 'email' | 'name') => (error?.field === field ? ' aria-invalid="true"' : '');
  const describedBy = (field: 'email' | 'name', ...others: string[]) => {
    const ids = [...others, ...(error?.field === field ? [`${field}-error`] : [])];
    return ids.length > 0 ? ` aria-describedby="${ids.join(' ')}"` : '';
  };
  const focus = (field: 'email' | 'name') => ((error?.field ?? 'email') === field ? ' autofocus' : '');

  return layout(
    `Sign in to ${productName}`,
    `<h1>Sign in to ${product}</h1>
<p class="notice" id="local-sign-in-notice">This ${product} install uses local sign-in: enter the address you want to use. Anyone who can reach this page can sign in as any address, so keep the install private or configure Google sign-in.</p>
<form method="post" action="${escapeHtml(options.action)}">
<div class="field">
<label for="email">Email address</label>
<input id="email" name="email" type="email" required maxlength="254" autocomplete="email" spellcheck="false" autocapitalize="none" value="${escapeHtml(options.email)}"${invalid('email')}${describedBy('email')}${focus('email')}>
${fieldError('email')}
</div>
<div class="field">
<label for="name">Name <span class="optional">(optional)</span></label>
<input id="name" name="name" type="text" maxlength="256" autocomplete="name" value="${escapeHtml(options.name)}"${invalid('name')}${describedBy('name', 'name-hint')}${focus('name')}>
<p class="hint" id="name-hint">Leave it empty to use a name made from the address.</p>
${fieldError('name')}
</div>
<button type="submit">Continue</button>
</form>`,
  );
}

interface ConsentPageOptions {
  productName: string;
  /** Where the form posts to (the interaction's consent path). */
  action: string;
  /** The signed-in address the permission is for. */
  email: string;
}

/**
 * AUTH-019: the issuer asks before granting the Gmail compose scope, as Google does; Allow grants
 * it, Deny sends the app `error=access_denied`. Enter submits the first button (Allow).
 */
export function consentPage(options: ConsentPageOptions): string {
  const product = escapeHtml(options.productName);
  return layout(
    `Allow ${options.productName} to compose mail?`,
    `<h1>Allow ${product} to compose mail?</h1>
<p>Signed in as <strong>${escapeHtml(options.email)}</strong>.</p>
<p id="compose-scope-description">${product} asks for permission to create mail drafts for you, for example when you import a template.</p>
<form method="post" action="${escapeHtml(options.action)}">
<button type="submit" name="decision" value="allow" aria-describedby="compose-scope-description">Allow</button>
<button type="submit" name="decision" value="deny" class="secondary">Deny</button>
</form>`,
  );
}

export function errorPage(options: { productName: string; title: string; message: string }): string {
  const product = escapeHtml(options.productName);
  return layout(
    `${options.title} – ${options.productName}`,
    `<h1>${escapeHtml(options.title)}</h1>
<p class="alert" role="alert">${escapeHtml(options.message)}</p>
<p><a href="/">Back to ${product}</a></p>`,
  );
}
