// A new tab of the app (index.html) asks for its access token while the app's code is still downloading, instead of
// after it has run (a round trip less before a signed-in screen shows). apps/web/src/lib/session-api.ts takes the
// answer over; a tab that already holds a token (sessionStorage) asks nothing. A plain script: no build step, no
// imports, so it runs as soon as it arrives (async), under the same CSP as the app's own scripts.
(function () {
  try {
    if (sessionStorage.getItem('openrescue.session')) return;
  } catch (e) {
    return; // storage blocked: the app asks itself
  }
  // No session cookie (its readable hint, SESSION_HINT_COOKIE in packages/shared, decision 0057): nothing to ask for.
  if (!/(?:^|;\s*)openrescue_session=[^;]/.test(document.cookie)) return;
  var url = '/core-api/api/session/token';
  var response = fetch(url, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: '{}',
  });
  response.catch(function () {}); // a failure is the app's to handle when it takes the answer, not an unhandled one
  window.__openrescueEarlyToken = { url: url, response: response };
})();

// The first use of Intl in a page loads ICU's locale and time-zone data: 15-40 ms of main thread in Chromium, which
// the app used to pay in the middle of showing a screen (the dashboard's report month is a date in
// America/Vancouver, spec section 9 and REPORT_TIME_ZONE in packages/shared; counts use thousands separators). This
// script arrives before the page's stylesheet and module scripts, while the page waits for them, so it pays it then.
(function () {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Vancouver' }).format(0);
    new Intl.NumberFormat('en-US').format(0);
  } catch (e) {
    // no Intl or no such zone: the app formats as before
  }
})();
