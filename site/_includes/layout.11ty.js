/** The one layout: a header, the navigation by section, the page, and the widget's script (for the live examples). */
const escape = (text) =>
  String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

export default function layout({ title, content, nav, page, source }) {
  const sections = [...new Set(nav.map((item) => item.section))];
  const links = sections
    .map(
      (section) =>
        `<h2>${escape(section)}</h2><ul>${nav
          .filter((item) => item.section === section)
          .map(
            (item) =>
              `<li><a href="${item.url}"${item.url === page.url ? ' aria-current="page"' : ''}>${escape(item.title)}</a></li>`,
          )
          .join('')}</ul>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · kyc-widget</title>
<link rel="stylesheet" href="/assets/site.css">
<script type="module" src="/dist/kyc-widget.js"></script>
</head>
<body>
<a class="skip" href="#main">Skip to the content</a>
<header><a href="/" class="brand">kyc-widget</a></header>
<div class="columns">
<nav aria-label="Documentation">${links}</nav>
<main id="main">
${content}
<p class="source">From <code>${escape(source)}</code> in the repository.</p>
</main>
</div>
</body>
</html>
`;
}
