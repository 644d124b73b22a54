import type { ComponentType } from 'react';
import type * as AuthFeatureModule from '@/features/auth';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { prefetchHome } from '@/features/home/api/prefetch';
import { PageLoader } from '@/ui/page-loader';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorPage } from './pages/route-error-page';
import { ScreenErrorPage } from './pages/screen-error-page';
import {
  loginLoader,
  prefetchWhenSignedIn,
  redirectToLogin,
  requireMainSession,
  requireSession,
  requireSignInResult,
  restoreSession,
  startLoader,
  type GuardDependencies,
} from './guards';

export type RouterDependencies = GuardDependencies;

type AuthFeature = typeof AuthFeatureModule;

/** A screen of the sign-in area: the feature's entry (already loaded with /login), then its own chunk. */
function lazyAuthScreen(pick: (feature: AuthFeature) => () => Promise<ComponentType>) {
  return () =>
    import('@/features/auth')
      .then((feature) => pick(feature)())
      .then((Component) => ({ Component }));
}

/**
 * Every route of the app. Layouts and screens are lazy modules, so the first load carries only
 * what the first page needs. Guards are loaders and run before a screen's code is fetched.
 * Routes not built yet (/self-certification*, /company-documents, …) fall
 * through to the 404 page.
 */
export function createRoutes(deps: RouterDependencies): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      HydrateFallback: PageLoader,
      ErrorBoundary: RouteErrorPage,
      children: [
        // The loader redirects before anything renders; the component only satisfies the router.
        { index: true, loader: redirectToLogin, Component: PageLoader },
        // After every sign-in: the start-page rules (spec 1 §4) choose the first screen.
        {
          path: 'start',
          loader: startLoader(deps),
          lazy: lazyAuthScreen((m) => m.loadStartPage),
        },
        {
          id: 'external',
          lazy: () =>
            import('./layouts/external-layout').then((m) => ({ Component: m.ExternalLayout })),
          // A screen that fails keeps the layout around it (issue 13): the boundary sits below it.
          children: [
            {
              ErrorBoundary: ScreenErrorPage,
              children: [
                {
                  path: 'login',
                  loader: loginLoader(deps),
                  lazy: () => import('@/features/auth').then((m) => ({ Component: m.LoginPage })),
                },
                {
                  path: 'scp',
                  loader: requireSignInResult(deps),
                  lazy: lazyAuthScreen((m) => m.loadScpPage),
                },
                {
                  path: 'scp-mobile',
                  loader: requireSignInResult(deps),
                  lazy: lazyAuthScreen((m) => m.loadScpMobilePage),
                },
                {
                  path: 'register',
                  lazy: () =>
                    import('@/features/registration').then((m) => ({
                      Component: m.RegisterChoicePage,
                    })),
                },
                {
                  path: 'register/personal',
                  lazy: () =>
                    import('@/features/registration').then((m) => ({
                      Component: m.PersonalRegistrationPage,
                    })),
                },
                {
                  path: 'register/business',
                  lazy: () =>
                    import('@/features/registration').then((m) => ({
                      Component: m.BusinessRegistrationPage,
                    })),
                },
                // The identity providers' hosted pages (issue 14): no sign-in, the link is the credential.
                {
                  path: 'identity-verification/:workflowRunId/:token',
                  lazy: () =>
                    import('@/features/identity-verification').then((m) => ({
                      Component: m.IdentityVerificationPage,
                    })),
                },
                {
                  path: 'video-identity-job/:id',
                  lazy: () =>
                    import('@/features/identity-verification').then((m) => ({
                      Component: m.VideoIdentityJobPage,
                    })),
                },
                // Issue 17D: a global payout's e-mailed claim link (spec 2 §2 external layout): the link's secret is the credential.
                {
                  path: 'receive/:id',
                  lazy: () =>
                    import('@/features/global-payouts').then((m) => ({
                      Component: m.ReceivePaymentPage,
                    })),
                },
                {
                  path: 'activate',
                  lazy: () =>
                    import('@/features/registration').then((m) => ({ Component: m.ActivatePage })),
                },
                {
                  path: 'account-recovery',
                  lazy: () =>
                    import('@/features/account-recovery').then((m) => ({
                      Component: m.AccountRecoveryLayout,
                    })),
                  children: [
                    {
                      index: true,
                      loader: () => redirect('/account-recovery/email'),
                      Component: PageLoader,
                    },
                    {
                      path: 'email',
                      lazy: () =>
                        import('@/features/account-recovery').then((m) => ({
                          Component: m.RecoveryEmailStep,
                        })),
                    },
                    {
                      path: 'status',
                      lazy: () =>
                        import('@/features/account-recovery').then((m) => ({
                          Component: m.RecoveryStatusStep,
                        })),
                    },
                    {
                      path: 'reset',
                      lazy: () =>
                        import('@/features/account-recovery').then((m) => ({
                          Component: m.RecoveryResetStep,
                        })),
                    },
                    {
                      path: 'password',
                      lazy: () =>
                        import('@/features/account-recovery').then((m) => ({
                          Component: m.RecoveryPasswordStep,
                        })),
                    },
                    {
                      path: 'success',
                      lazy: () =>
                        import('@/features/account-recovery').then((m) => ({
                          Component: m.RecoverySuccessStep,
                        })),
                    },
                  ],
                },
              ],
            },
          ],
        },
        {
          // Pages for everyone: with the signed-in header and navigation when a session exists.
          id: 'either',
          loader: restoreSession(deps),
          lazy: () =>
            import('./layouts/either-layout').then((m) => ({ Component: m.EitherLayout })),
          children: [
            {
              ErrorBoundary: ScreenErrorPage,
              children: [
                {
                  path: 'terms',
                  lazy: () => import('@/features/legal').then((m) => ({ Component: m.TermsPage })),
                },
                // Issue 16: an e-mailed invoice link, open to everyone (who asks, how much, sign in or register to pay).
                {
                  path: 'invoice/:token',
                  lazy: () =>
                    import('@/features/transfers/invoices').then((m) => ({
                      Component: m.PublicInvoicePage,
                    })),
                },
                // Issue 18: a merchant's payment request, open to everyone; paid once signed in.
                {
                  path: 'pay/:token',
                  lazy: () =>
                    import('@/features/transfers/pay').then((m) => ({
                      Component: m.HostedPayPage,
                    })),
                },
                // Issue 18: a saved button's and a pay-by-name link; "Continue" opens pay/:token.
                {
                  path: 'pay/button/:publicId',
                  lazy: () =>
                    import('@/features/transfers/pay').then((m) => ({
                      Component: m.ButtonPayPage,
                    })),
                },
                {
                  path: 'pay/name/:handle',
                  lazy: () =>
                    import('@/features/transfers/pay').then((m) => ({
                      Component: m.NamePayPage,
                    })),
                },
                {
                  path: '*',
                  lazy: () =>
                    import('./pages/not-found-page').then((m) => ({
                      Component: m.NotFoundPage,
                    })),
                },
              ],
            },
          ],
        },
        {
          id: 'restricted',
          loader: requireSession(deps),
          lazy: () =>
            import('./layouts/restricted-layout').then((m) => ({ Component: m.RestrictedLayout })),
          // /self-certification (the forms), /company-documents, … arrive with their issues.
          children: [
            {
              ErrorBoundary: ScreenErrorPage,
              children: [
                {
                  path: 'accept-terms',
                  lazy: lazyAuthScreen((m) => m.loadAcceptTermsPage),
                },
                {
                  path: 'company-access',
                  lazy: lazyAuthScreen((m) => m.loadCompanyChoicePage),
                },
                // Issue 14: /kyc does each item there (features/kyc); /profile-update clears isNeedPersonalInfoUpdate.
                {
                  path: 'kyc',
                  // Features do not import each other: the identity check (features/identity-verification)
                  // goes into /kyc's identity item through the page's slot.
                  lazy: () =>
                    Promise.all([
                      import('@/features/kyc'),
                      import('@/features/identity-verification'),
                    ]).then(([kyc, idv]) => ({
                      Component: function Kyc() {
                        return <kyc.KycPage identityCheck={<idv.StartIdentityCheck />} />;
                      },
                    })),
                },
                {
                  path: 'profile-update',
                  lazy: () =>
                    import('@/features/kyc').then((m) => ({ Component: m.ProfileUpdatePage })),
                },
                {
                  path: 'self-certification-business-splash',
                  lazy: lazyAuthScreen((m) => m.loadSelfCertificationSplashPage),
                },
                // Issue 15: the administrator's overview (features/admin-overview): search, a customer, acting.
                {
                  path: 'admin-overview',
                  lazy: () =>
                    import('@/features/admin-overview')
                      .then((m) => m.loadAdminOverviewPage())
                      .then((Component) => ({ Component })),
                },
                {
                  path: 'admin-overview/customers/:customerId',
                  lazy: () =>
                    import('@/features/admin-overview')
                      .then((m) => m.loadAdminCustomerPage())
                      .then((Component) => ({ Component })),
                },
                // The compliance review desk (issue 14): administrators only, the server refuses others.
                {
                  path: 'admin-overview/review',
                  lazy: () =>
                    import('@/features/compliance-desk').then((m) => ({
                      Component: m.ComplianceDeskPage,
                    })),
                },
              ],
            },
          ],
        },
        {
          id: 'clear',
          lazy: () => import('./layouts/clear-layout').then((m) => ({ Component: m.ClearLayout })),
          children: [],
        },
        {
          id: 'main',
          loader: requireMainSession(deps),
          lazy: () => import('./layouts/main-layout').then((m) => ({ Component: m.MainLayout })),
          children: [
            {
              ErrorBoundary: ScreenErrorPage,
              children: [
                {
                  path: 'home',
                  loader: prefetchWhenSignedIn(deps, ({ queryClient, apiClient, session }) =>
                    prefetchHome(queryClient, apiClient, session.getCustomerId()),
                  ),
                  lazy: () => import('@/features/home').then((m) => ({ Component: m.HomePage })),
                },
                // Issue 16B: add money by bank transfer with a funding invoice's reference.
                {
                  path: 'add-money',
                  lazy: () =>
                    import('@/features/funding').then((m) => ({ Component: m.FundingPage })),
                },
                {
                  path: 'news',
                  lazy: () => import('@/features/news').then((m) => ({ Component: m.NewsPage })),
                },
                // Issue 15A: manage the users of the company the session acts for (spec 01 §2
                // "/company-access (manage users)"); the restricted /company-access stays the company choice.
                {
                  path: 'company-access/users',
                  lazy: () =>
                    import('@/features/company-users').then((m) => ({
                      Component: m.CompanyUsersPage,
                    })),
                },
                {
                  path: 'news/:id',
                  lazy: () =>
                    import('@/features/news').then((m) => ({ Component: m.AnnouncementPage })),
                },
                {
                  path: 'unverified-account',
                  lazy: () =>
                    import('@/features/account-status').then((m) => ({
                      Component: m.UnverifiedAccountPage,
                    })),
                },
                {
                  path: 'limited-account',
                  lazy: () =>
                    import('@/features/account-status').then((m) => ({
                      Component: m.LimitedAccountPage,
                    })),
                },
                {
                  path: 'profile',
                  lazy: () =>
                    import('@/features/profile').then((m) => ({ Component: m.ProfilePage })),
                },
                {
                  path: 'profile/notifications',
                  lazy: () =>
                    import('@/features/profile').then((m) => ({
                      Component: m.NotificationSettingsPage,
                    })),
                },
                {
                  path: 'legal',
                  lazy: () =>
                    import('@/features/legal-info').then((m) => ({ Component: m.LegalInfoPage })),
                },
                {
                  path: 'setting',
                  lazy: () =>
                    import('@/features/security').then((m) => ({ Component: m.SettingsPage })),
                },
                {
                  path: 'login-history',
                  lazy: () =>
                    import('@/features/security').then((m) => ({ Component: m.LoginHistoryPage })),
                },
                {
                  path: 'payout-blacklist',
                  lazy: () =>
                    import('@/features/security').then((m) => ({
                      Component: m.PayoutBlacklistPage,
                    })),
                },
                // Issue 15D: the company's details and payment e-mails (spec 1 §2 /company, /company/{path}, /company-emails).
                {
                  path: 'company',
                  lazy: () =>
                    import('@/features/company').then((m) => ({ Component: m.CompanyPage })),
                },
                {
                  path: 'company/:section',
                  lazy: () =>
                    import('@/features/company').then((m) => ({ Component: m.CompanySectionPage })),
                },
                {
                  path: 'company-emails',
                  lazy: () =>
                    import('@/features/company').then((m) => ({ Component: m.CompanyEmailsPage })),
                },
                {
                  path: 'history',
                  // Its first reads start beside the screen's code (decision 121); the module
                  // that starts them is small and stays off the sign-in page.
                  loader: prefetchWhenSignedIn(
                    deps,
                    ({ queryClient, apiClient, session, getLanguage }, { request }) =>
                      import('@/features/history/api/prefetch').then((m) =>
                        m.prefetchHistory(queryClient, apiClient, {
                          customerId: session.getCustomerId(),
                          language: getLanguage?.(),
                          search: new URL(request.url).searchParams,
                        }),
                      ),
                  ),
                  lazy: () =>
                    import('@/features/history').then((m) => ({ Component: m.HistoryPage })),
                },
                {
                  path: 'history/batch-transfers',
                  lazy: () =>
                    import('@/features/statements').then((m) => ({
                      Component: m.BatchTransfersPage,
                    })),
                },
                {
                  path: 'statements',
                  lazy: () =>
                    import('@/features/statements').then((m) => ({ Component: m.StatementsPage })),
                },
                // Issue 18 (M3): the merchant tools, for a business's full-access user (spec 2 §2, §6).
                {
                  path: 'merchant',
                  lazy: () =>
                    import('@/features/merchant').then((m) => ({ Component: m.MerchantLayout })),
                  children: [
                    {
                      index: true,
                      lazy: () =>
                        import('@/features/merchant').then((m) => ({
                          Component: m.MerchantIndexPage,
                        })),
                    },
                    {
                      path: 'buttons/my_saved_buttons',
                      lazy: () =>
                        import('@/features/merchant').then((m) => ({
                          Component: m.SavedButtonsPage,
                        })),
                    },
                    {
                      path: 'buttons/business_logos',
                      lazy: () =>
                        import('@/features/merchant').then((m) => ({
                          Component: m.BusinessLogosPage,
                        })),
                    },
                    {
                      path: 'buttons/pbn_settings',
                      lazy: () =>
                        import('@/features/merchant').then((m) => ({
                          Component: m.PbnSettingsPage,
                        })),
                    },
                    {
                      path: 'internal/api_key',
                      lazy: () =>
                        import('@/features/merchant').then((m) => ({ Component: m.ApiKeysPage })),
                    },
                    {
                      path: 'internal/api_log',
                      lazy: () =>
                        import('@/features/merchant').then((m) => ({ Component: m.ApiLogPage })),
                    },
                    {
                      path: 'accounts/subscribers',
                      lazy: () =>
                        import('@/features/merchant').then((m) => ({
                          Component: m.SubscribersPage,
                        })),
                    },
                    {
                      path: 'security/verification',
                      lazy: () =>
                        import('@/features/merchant').then((m) => ({
                          Component: m.VerificationPage,
                        })),
                    },
                    {
                      path: 'security/verification/history',
                      lazy: () =>
                        import('@/features/merchant').then((m) => ({
                          Component: m.VerificationHistoryPage,
                        })),
                    },
                    {
                      path: 'security/reputation',
                      lazy: () =>
                        import('@/features/merchant').then((m) => ({
                          Component: m.ReputationPage,
                        })),
                    },
                    {
                      path: 'internal/webhook_log',
                      lazy: () =>
                        import('@/features/merchant').then((m) => ({
                          Component: m.WebhookLogPage,
                        })),
                    },
                    {
                      path: 'ipn/history',
                      lazy: () =>
                        import('@/features/merchant').then((m) => ({
                          Component: m.IpnHistoryPage,
                        })),
                    },
                    {
                      path: 'ipn/settings',
                      lazy: () =>
                        import('@/features/merchant').then((m) => ({
                          Component: m.IpnSettingsPage,
                        })),
                    },
                  ],
                },
                {
                  // Transfer screens share one layout: the heading and the tabs of the types the user's flags allow.
                  id: 'transfers',
                  path: 'transfer',
                  lazy: () =>
                    import('@/features/transfers').then((m) => ({ Component: m.TransfersLayout })),
                  children: [
                    {
                      index: true,
                      lazy: () =>
                        import('@/features/transfers').then((m) => ({
                          Component: m.TransfersIndexPage,
                        })),
                    },
                    {
                      path: 'account',
                      lazy: () =>
                        import('@/features/transfers').then((m) => ({
                          Component: m.OwnTransferPage,
                        })),
                    },
                    {
                      path: 'p2p',
                      loader: prefetchWhenSignedIn(deps, ({ queryClient, apiClient, session }) =>
                        import('@/features/transfers/api/prefetch').then((m) =>
                          m.prefetchP2pTransfer(queryClient, apiClient, session.getCustomerId()),
                        ),
                      ),
                      lazy: () =>
                        import('@/features/transfers').then((m) => ({
                          Component: m.P2pTransferPage,
                        })),
                    },
                    {
                      path: 'external',
                      lazy: () =>
                        import('@/features/transfers/external').then((m) => ({
                          Component: m.ExternalTransferPage,
                        })),
                    },
                    // Issue 16: invoices and money requests, received and sent.
                    {
                      path: 'invoices',
                      lazy: () =>
                        import('@/features/transfers/invoices').then((m) => ({
                          Component: m.InvoicesPage,
                        })),
                    },
                    // Issue 18: the merchants the customer allowed to take payments.
                    {
                      path: 'preapproved-payments',
                      lazy: () =>
                        import('@/features/transfers/preapproved').then((m) => ({
                          Component: m.PreapprovedPaymentsPage,
                        })),
                    },
                    {
                      path: 'approved',
                      lazy: () =>
                        import('@/features/transfers').then((m) => ({
                          Component: m.ApprovalsPage,
                        })),
                    },
                    // Issue 17D: the summary of global payouts.
                    {
                      path: 'external/global-summary',
                      lazy: () =>
                        import('@/features/global-payouts').then((m) => ({
                          Component: m.GlobalSummaryPage,
                        })),
                    },
                    // Issue 17B: mass transfers: the upload of each kind (the global child is 17D's),
                    // the workbench and progress of a batch at the confirm screens of spec 2 §2.
                    {
                      path: 'mass',
                      lazy: () =>
                        import('@/features/transfers/mass').then((m) => ({
                          Component: m.MassTransfersLayout,
                        })),
                      children: [
                        {
                          index: true,
                          lazy: () =>
                            import('@/features/transfers/mass').then((m) => ({
                              Component: m.MassTransfersIndexPage,
                            })),
                        },
                        {
                          path: 'wire',
                          lazy: () =>
                            import('@/features/transfers/mass').then((m) => ({
                              Component: m.MassUploadPage,
                            })),
                        },
                        {
                          path: 'eft',
                          lazy: () =>
                            import('@/features/transfers/mass').then((m) => ({
                              Component: m.MassUploadPage,
                            })),
                        },
                        {
                          path: 'oct',
                          lazy: () =>
                            import('@/features/transfers/mass').then((m) => ({
                              Component: m.MassUploadPage,
                            })),
                        },
                        {
                          path: 'digital',
                          lazy: () =>
                            import('@/features/transfers/mass').then((m) => ({
                              Component: m.MassUploadPage,
                            })),
                        },
                        {
                          path: 'p2p',
                          lazy: () =>
                            import('@/features/transfers/mass').then((m) => ({
                              Component: m.MassUploadPage,
                            })),
                        },
                        // Issue 17D: global payouts, the sender's batches.
                        {
                          path: 'global',
                          lazy: () =>
                            import('@/features/global-payouts').then((m) => ({
                              Component: m.GlobalBatchPage,
                            })),
                        },
                      ],
                    },
                    {
                      path: 'external/mass/confirm',
                      lazy: () =>
                        import('@/features/transfers/mass').then((m) => ({
                          Component: m.MassBatchPage,
                        })),
                    },
                    {
                      path: 'mass/p2p/confirm',
                      lazy: () =>
                        import('@/features/transfers/mass').then((m) => ({
                          Component: m.MassBatchPage,
                        })),
                    },
                  ],
                },
                {
                  // Card screens share one layout: the application dialog (?apply=1) and live card statuses.
                  id: 'cards',
                  lazy: () =>
                    import('@/features/cards').then((m) => ({ Component: m.CardsLayout })),
                  children: [
                    {
                      path: 'cards',
                      lazy: () =>
                        import('@/features/cards').then((m) => ({ Component: m.CardsIndexPage })),
                    },
                    {
                      path: 'cards/physical',
                      lazy: () =>
                        import('@/features/cards').then((m) => ({
                          Component: m.PhysicalCardsPage,
                        })),
                    },
                    {
                      path: 'cards/virtual',
                      lazy: () =>
                        import('@/features/cards').then((m) => ({ Component: m.VirtualCardsPage })),
                    },
                    {
                      path: 'cards/:accountId',
                      lazy: () =>
                        import('@/features/cards').then((m) => ({ Component: m.CardDetailsPage })),
                    },
                    // Spec 2 §2 writes /card/{accountId}/pin/; the router ignores the trailing slash.
                    {
                      path: 'card/:accountId/pin',
                      lazy: () =>
                        import('@/features/cards').then((m) => ({ Component: m.CardPinPage })),
                    },
                    // Issue 16C: money onto a prepaid card and back, a transfer screen under the cards layout.
                    {
                      path: 'card/:accountId/load',
                      lazy: () =>
                        import('@/features/transfers').then((m) => ({
                          Component: m.LoadPrepaidCardPage,
                        })),
                    },
                    {
                      path: 'card/:accountId/unload',
                      lazy: () =>
                        import('@/features/transfers').then((m) => ({
                          Component: m.UnloadPrepaidCardPage,
                        })),
                    },
                    {
                      path: 'add-card',
                      lazy: () =>
                        import('@/features/cards').then((m) => ({ Component: m.AddCardPage })),
                    },
                    {
                      path: 'confirm-card/:cardId',
                      lazy: () =>
                        import('@/features/cards').then((m) => ({ Component: m.ConfirmCardPage })),
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(dependencies: RouterDependencies) {
  return createBrowserRouter(createRoutes(dependencies));
}
