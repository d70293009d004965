import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { LoginScreen } from '../features/login/login-screen';
import { PlaceholderScreen, type PlaceholderPage } from '../features/placeholder/placeholder-screen';
import { withCatalogues } from '../lib/i18n';
import { useSession } from '../lib/session';
import { DeferredAppLayout } from './deferred';
import { FallbackRedirect, RequireSession } from './require-session';
import { ScreenTitle } from './screen-title';

const ConversationsScreen = lazy(() =>
  withCatalogues(import('../features/conversations/conversations-screen')).then((m) => ({ default: m.ConversationsScreen })),
);
const ConfigurationScreen = lazy(() =>
  withCatalogues(import('../features/configuration/configuration-screen')).then((m) => ({ default: m.ConfigurationScreen })),
);
const ProfessionalsScreen = lazy(() =>
  withCatalogues(import('../features/professionals/professionals-screen')).then((m) => ({ default: m.ProfessionalsScreen })),
);
const AvailabilitiesScreen = lazy(() =>
  withCatalogues(import('../features/professionals/availabilities-screen')).then((m) => ({ default: m.AvailabilitiesScreen })),
);
const AgendaScreen = lazy(() => withCatalogues(import('../features/agenda/agenda-screen')).then((m) => ({ default: m.AgendaScreen })));
const PasswordForgotScreen = lazy(() =>
  withCatalogues(import('../features/passwords/password-forgot-screen')).then((m) => ({ default: m.PasswordForgotScreen })),
);
const PasswordResetScreen = lazy(() =>
  withCatalogues(import('../features/passwords/password-reset-screen')).then((m) => ({ default: m.PasswordResetScreen })),
);
const SandboxMailScreen = lazy(() =>
  withCatalogues(import('../features/sandbox-mail/sandbox-mail-screen')).then((m) => ({ default: m.SandboxMailScreen })),
);
const ContactsScreen = lazy(() => withCatalogues(import('../features/contacts/contacts-screen')).then((m) => ({ default: m.ContactsScreen })));
const PhoneSimulatorScreen = lazy(() =>
  withCatalogues(import('../features/sandbox-phone/phone-simulator-screen')).then((m) => ({ default: m.PhoneSimulatorScreen })),
);

/** A route's screen with its localised document title (`titleId` names the screen). */
function titled(titleId: string, element: ReactNode) {
  return (
    <>
      <ScreenTitle id={titleId} />
      {element}
    </>
  );
}

/** A lazy screen with its title, which shows at once while the screen's code loads. */
function titledLazy(titleId: string, element: ReactNode) {
  return titled(titleId, <Suspense fallback={<FullPageLoader />}>{element}</Suspense>);
}

const placeholderTitle = (page: PlaceholderPage) => `shell.placeholder.${page}.title`;

/** A public page not built yet: its "coming soon" card, leading to the login (or the app). */
function PublicPlaceholder({ page }: { page: PlaceholderPage }) {
  const { isSignedIn } = useSession();
  return <PlaceholderScreen page={page} bare signedIn={isSignedIn} />;
}

/** In-shell routes that are not built yet. */
const SHELL_PLACEHOLDERS: [string, PlaceholderPage][] = [
  ['/text-bloc', 'quickAnswers'],
  ['/text-template/:mode/:id?', 'textTemplate'],
  ['/material/:type', 'libraries'],
  ['/personnalisation', 'personalization'],
  ['/release-notes', 'releaseNotes'],
  ['/faq', 'faq'],
  ['/devops', 'devops'],
];

/** Routes open without sign-in, without navigation. */
const PUBLIC_PLACEHOLDERS: [string, PlaceholderPage][] = [
  ['/onboarding', 'onboarding'],
  ['/secure', 'secure'],
  ['/send-file', 'sendFile'],
  ['/verification/error/:provider', 'verification'],
  ['/verification/success', 'verification'],
];

/**
 * Screens and routes. Signed-in routes sit behind the guard; most render inside the
 * shell, consultations and content management without it. Any other path redirects to
 * /login, or to /conversations when signed in.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginScreen />} />
      <Route
        path="/sandbox/phone"
        element={titled(
          'sandboxPhone.title',
          <Suspense fallback={<FullPageLoader />}>
            <PhoneSimulatorScreen />
          </Suspense>,
        )}
      />
      <Route path="/sandbox/mail" element={titledLazy('sandboxMail.title', <SandboxMailScreen />)} />
      <Route path="/password-forgot" element={titledLazy('passwords.forgot.title', <PasswordForgotScreen />)} />
      <Route path="/password-reset" element={titledLazy('passwords.reset.title', <PasswordResetScreen />)} />
      {PUBLIC_PLACEHOLDERS.map(([path, page]) => (
        <Route key={path} path={path} element={titled(placeholderTitle(page), <PublicPlaceholder page={page} />)} />
      ))}
      <Route element={<RequireSession />}>
        <Route path="/consultations/:id?" element={titled(placeholderTitle('consultations'), <PlaceholderScreen page="consultations" bare />)} />
        <Route
          path="/content-management/:operation/:type/:id?"
          element={titled(placeholderTitle('contentManagement'), <PlaceholderScreen page="contentManagement" bare />)}
        />
        <Route
          element={
            <Suspense fallback={<FullPageLoader />}>
              <DeferredAppLayout />
            </Suspense>
          }
        >
          <Route path="/conversations" element={titled('shell.menu.conversations', <ConversationsScreen />)} />
          <Route path="/conversations/:sid" element={titled('shell.menu.conversations', <ConversationsScreen />)} />
          <Route path="/contacts" element={titledLazy('shell.menu.contacts', <ContactsScreen />)} />
          <Route path="/configuration" element={titled('configuration.title', <ConfigurationScreen />)} />
          <Route path="/members" element={titledLazy('professionals.title', <ProfessionalsScreen />)} />
          <Route path="/members/availabilities" element={titledLazy('availabilities.title', <AvailabilitiesScreen />)} />
          <Route path="/members/:id/availabilities" element={titledLazy('availabilities.title', <AvailabilitiesScreen />)} />
          <Route path="/agenda" element={titledLazy('agenda.title', <AgendaScreen />)} />
          {SHELL_PLACEHOLDERS.map(([path, page]) => (
            <Route key={path} path={path} element={titled(placeholderTitle(page), <PlaceholderScreen page={page} />)} />
          ))}
        </Route>
      </Route>
      <Route path="*" element={<FallbackRedirect />} />
    </Routes>
  );
}
