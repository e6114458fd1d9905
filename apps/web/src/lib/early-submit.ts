/**
 * login.html arrives pre-rendered and its script loads after the first paint, so its forms (email and password, and
 * the social sign-in button's) can be sent before React has taken them over. The browser must never send it itself (a GET with the password in the query
 * string), and the person should not have to press the button twice: the submit is held and sent again once the
 * form is live.
 */
let held: HTMLFormElement | null = null;
let live = false;

/** From the page's entry, before anything is on screen. The form's own handler prevents the default as well. */
export function holdEarlySubmits(): void {
  document.addEventListener(
    'submit',
    (event) => {
      event.preventDefault();
      if (!live && event.target instanceof HTMLFormElement) held = event.target;
    },
    { capture: true },
  );
}

/** From the sign-in form once React has mounted the page (and the form has taken its fields' values): sends a held submit again. */
export function formIsLive(): void {
  live = true;
  const form = held;
  held = null;
  form?.requestSubmit();
}
