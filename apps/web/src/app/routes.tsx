import { Fragment, lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { LoginScreen } from '../features/login/login-screen';
import type { PlaceholderPage } from '../features/placeholder/placeholder-screen';
import { withCatalogues } from '../lib/i18n';
import { DeferredAppLayout } from './deferred';
import { FallbackRedirect, RequireSession } from './require-session';
import { ScreenTitle } from './screen-title';

// Pages still to come, with their icons: not part of the login page's first load.
const ConversationsScreen = lazy(() =>
  withCatalogues(import('../features/conversations/conversations-screen')).then((m) => ({
    default: m.ConversationsScreen,
  })),
);
const ConfigurationScreen = lazy(() =>
  withCatalogues(import('../features/configuration/configuration-screen')).then((m) => ({
    default: m.ConfigurationScreen,
  })),
);
const ProfessionalsScreen = lazy(() =>
  withCatalogues(import('../features/professionals/professionals-screen')).then((m) => ({
    default: m.ProfessionalsScreen,
  })),
);
const AvailabilitiesScreen = lazy(() =>
  withCatalogues(import('../features/professionals/availabilities-screen')).then((m) => ({
    default: m.AvailabilitiesScreen,
  })),
);
const AgendaScreen = lazy(() =>
  withCatalogues(import('../features/agenda/agenda-screen')).then((m) => ({ default: m.AgendaScreen })),
);
const PasswordForgotScreen = lazy(() =>
  withCatalogues(import('../features/passwords/password-forgot-screen')).then((m) => ({
    default: m.PasswordForgotScreen,
  })),
);
const SecureFileScreen = lazy(() =>
  withCatalogues(import('../features/secure-files/secure-pages')).then((m) => ({
    default: m.SecureFileScreen,
  })),
);
const SendFileScreen = lazy(() =>
  withCatalogues(import('../features/secure-files/secure-pages')).then((m) => ({
    default: m.SendFileScreen,
  })),
);
const PasswordResetScreen = lazy(() =>
  withCatalogues(import('../features/passwords/password-reset-screen')).then((m) => ({
    default: m.PasswordResetScreen,
  })),
);
const VerificationScreen = lazy(() =>
  withCatalogues(import('../features/email-connection/verification-screen')).then((m) => ({
    default: m.VerificationScreen,
  })),
);
const SandboxMailScreen = lazy(() =>
  withCatalogues(import('../features/sandbox-mail/sandbox-mail-screen')).then((m) => ({
    default: m.SandboxMailScreen,
  })),
);
const ContactsScreen = lazy(() =>
  withCatalogues(import('../features/contacts/contacts-screen')).then((m) => ({ default: m.ContactsScreen })),
);
const ScheduledMessagesScreen = lazy(() =>
  withCatalogues(import('../features/scheduled-messages/scheduled-messages-screen')).then((m) => ({
    default: m.ScheduledMessagesScreen,
  })),
);
const DevopsScreen = lazy(() =>
  withCatalogues(import('../features/devops/devops-route')).then((m) => ({ default: m.DevopsRoute })),
);
const OnboardingScreen = lazy(() =>
  withCatalogues(import('../features/onboarding/onboarding-screen')).then((m) => ({
    default: m.OnboardingScreen,
  })),
);
const FaqScreen = lazy(() =>
  withCatalogues(import('../features/help/faq-screen')).then((m) => ({ default: m.FaqScreen })),
);
const PersonalizationScreen = lazy(() =>
  withCatalogues(import('../features/personalization/personalization-screen')).then((m) => ({
    default: m.PersonalizationScreen,
  })),
);
const ReleaseNotesScreen = lazy(() =>
  withCatalogues(import('../features/help/release-notes-screen')).then((m) => ({
    default: m.ReleaseNotesScreen,
  })),
);
const QuickMessagesScreen = lazy(() =>
  withCatalogues(import('../features/quick-messages/quick-messages-screen')).then((m) => ({
    default: m.QuickMessagesScreen,
  })),
);
const TextTemplateScreen = lazy(() =>
  withCatalogues(import('../features/quick-messages/text-template-screen')).then((m) => ({
    default: m.TextTemplateScreen,
  })),
);
const LibraryRoute = lazy(() =>
  withCatalogues(import('../features/library/library-route')).then((m) => ({ default: m.LibraryRoute })),
);
const ContentManagementScreen = lazy(() =>
  withCatalogues(import('../features/content-management/content-management-screen')).then((m) => ({
    default: m.ContentManagementScreen,
  })),
);
const PhoneSimulatorScreen = lazy(() =>
  withCatalogues(import('../features/sandbox-phone/phone-simulator-screen')).then((m) => ({
    default: m.PhoneSimulatorScreen,
  })),
);

/**
 * A route's screen with its localised document title (`titleId` names the screen). Keyed by the
 * screen, so going from one lazy screen to another mounts a new loading boundary: its loader and
 * title show at once, instead of React holding the previous screen while the next one's code loads.
 */
function titled(titleId: string, element: ReactNode) {
  return (
    <Fragment key={titleId}>
      <ScreenTitle id={titleId} />
      {element}
    </Fragment>
  );
}

/** A lazy screen with its title, which shows at once while the screen's code loads. */
function titledLazy(titleId: string, element: ReactNode) {
  return titled(titleId, <Suspense fallback={<FullPageLoader />}>{element}</Suspense>);
}

const placeholderTitle = (page: PlaceholderPage) => `shell.placeholder.${page}.title`;

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
      <Route
        path="/verification/success"
        element={titledLazy('email.verification.title', <VerificationScreen outcome="success" />)}
      />
      <Route
        path="/verification/error/:provider"
        element={titledLazy('email.verification.title', <VerificationScreen outcome="error" />)}
      />
      <Route path="/sandbox/mail" element={titledLazy('sandboxMail.title', <SandboxMailScreen />)} />
      <Route
        path="/password-forgot"
        element={titledLazy('passwords.forgot.title', <PasswordForgotScreen />)}
      />
      <Route path="/password-reset" element={titledLazy('passwords.reset.title', <PasswordResetScreen />)} />
      <Route path="/secure" element={titledLazy('secureFiles.secure.title', <SecureFileScreen />)} />
      <Route path="/send-file" element={titledLazy('secureFiles.sendFile.title', <SendFileScreen />)} />
      <Route path="/onboarding" element={titledLazy('onboarding.title', <OnboardingScreen />)} />
      <Route
        path="/p/:clinicId/:postId"
        element={titledLazy('library.public.title', <LibraryRoute page="public" />)}
      />
      <Route element={<RequireSession />}>
        <Route
          path="/consultations/:id?"
          element={titledLazy(placeholderTitle('consultations'), <LibraryRoute page="consultations" />)}
        />
        <Route
          path="/content-management/:operation/:type/:id?"
          element={titledLazy(placeholderTitle('contentManagement'), <ContentManagementScreen />)}
        />
        <Route
          element={
            <Suspense fallback={<FullPageLoader />}>
              <DeferredAppLayout />
            </Suspense>
          }
        >
          <Route
            path="/conversations"
            element={titled('shell.menu.conversations', <ConversationsScreen />)}
          />
          <Route
            path="/conversations/:sid"
            element={titled('shell.menu.conversations', <ConversationsScreen />)}
          />
          <Route path="/contacts" element={titledLazy('shell.menu.contacts', <ContactsScreen />)} />
          <Route
            path="/scheduled-messages"
            element={titledLazy('shell.menu.scheduledMessages', <ScheduledMessagesScreen />)}
          />
          <Route path="/devops" element={titledLazy('devops.title', <DevopsScreen />)} />
          <Route path="/configuration" element={titled('configuration.title', <ConfigurationScreen />)} />
          <Route path="/members" element={titledLazy('professionals.title', <ProfessionalsScreen />)} />
          <Route
            path="/members/availabilities"
            element={titledLazy('availabilities.title', <AvailabilitiesScreen />)}
          />
          <Route
            path="/members/:id/availabilities"
            element={titledLazy('availabilities.title', <AvailabilitiesScreen />)}
          />
          <Route path="/agenda" element={titledLazy('agenda.title', <AgendaScreen />)} />
          <Route path="/text-bloc" element={titledLazy('quickMessages.title', <QuickMessagesScreen />)} />
          <Route
            path="/text-template/:mode/:id?"
            element={titledLazy('quickMessages.editorTitle', <TextTemplateScreen />)}
          />
          <Route
            path="/material/:type"
            element={titledLazy('library.title', <LibraryRoute page="material" />)}
          />
          <Route path="/faq" element={titledLazy('help.faq.title', <FaqScreen />)} />
          <Route
            path="/personnalisation"
            element={titledLazy('personalization.title', <PersonalizationScreen />)}
          />
          <Route
            path="/release-notes"
            element={titledLazy('help.releaseNotes.title', <ReleaseNotesScreen />)}
          />
        </Route>
      </Route>
      <Route path="*" element={<FallbackRedirect />} />
    </Routes>
  );
}
