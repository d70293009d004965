import type { AppModule } from '../../app-module';
import { onboardingRoutes } from './onboarding.routes';

/** Onboarding a new organisation from an invitation code, and the invitation codes devops create. */
export const onboardingModule: AppModule = { name: 'onboarding', routes: onboardingRoutes };
