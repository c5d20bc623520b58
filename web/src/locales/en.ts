import type { enScreens } from './en-screens.ts';
// English is the source language: its words follow the specification exactly. The other
// locales must provide every key (the `Messages` type checks it). This file holds the texts of
// the header, the landing page, the dashboard and the screens most members use, bundled with the
// entry; the rarer screens' texts are in en-screens.ts, fetched with those screens.
export const en = {
  network: {
    offline: 'You are offline. What you see may be out of date; payments wait until you are back online.',
  },
  common: {
    appName: 'Ikimina',
    /** The visually hidden text of a region whose data is on its way (skeleton.tsx). */
    loading: 'Loading…',
    close: 'Close',
    rwf: 'RWF',
  },
  nav: {
    home: 'Ikimina home',
    main: 'Main navigation',
    dashboard: 'Dashboard',
    tontines: 'Tontines',
    loans: 'Loans',
    education: 'Education',
    aiAssistant: 'AI Assistant',
    openMenu: 'Open menu',
  },
  header: {
    signIn: 'Sign In',
    accountMenu: 'Account menu',
    profile: 'Profile',
    dashboard: 'Dashboard',
    agentDashboard: 'Agent Dashboard',
    merchantDashboard: 'Merchant Dashboard',
    merchantPayments: 'Merchant Payments',
    logout: 'Logout',
    security: 'Security',
    profileCompletion: 'Profile {{percentage}}% complete',
  },
  theme: {
    toDark: 'Switch to dark theme',
    toLight: 'Switch to light theme',
  },
  language: {
    switcher: 'Change language',
    notSaved: 'This screen is now in English, but your messages (SMS, e-mails, USSD) could not be switched. Please try again.',
  },
  notifications: {
    open: 'Notifications',
    title: 'Notifications',
    unread: { one: '{{count}} unread', other: '{{count}} unread' },
    empty: 'No notifications yet',
    markAsRead: 'Mark as read',
    errorTitle: 'Error',
    markFailed: 'Failed to mark notification as read',
    seeAll: 'See all notifications',
  },
  time: {
    justNow: 'Just now',
    minutesAgo: '{{count}}m ago',
    hoursAgo: '{{count}}h ago',
    daysAgo: '{{count}}d ago',
  },
  auth: {
    loginTitle: 'Welcome back',
    loginDescription: 'Sign in to manage your tontines, loans and savings.',
    registerTitle: 'Create your account',
    registerDescription: 'Join Ikimina to save together, borrow fairly and learn.',
    email: 'Email',
    emailPlaceholder: 'you@example.com',
    password: 'Password',
    confirmPassword: 'Confirm password',
    firstName: 'First name',
    lastName: 'Last name',
    phone: 'Phone (optional)',
    phonePlaceholder: '+250 7XX XXX XXX',
    language: 'Preferred language',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    signIn: 'Sign In',
    createAccount: 'Create Account',
    signingIn: 'Signing in...',
    creatingAccount: 'Creating account...',
    noAccount: "Don't have an account?",
    createOne: 'Create one',
    haveAccount: 'Already have an account?',
    signInLink: 'Sign in',
    or: 'or',
    continueWithGoogle: 'Continue with Google',
    magicLinkAction: 'Email me a sign-in link',
    magicLinkSending: 'Sending link...',
    magicLinkFailed: 'Failed to send magic link',
    loginFallback: 'Login failed',
    registrationFallback: 'Registration failed',
    forgotPassword: 'Forgot your password?',
    forgotPasswordSending: 'Sending reset link...',
    forgotPasswordFailed: 'Failed to send the reset link',
    validation: {
      phoneInvalid: "Enter a mobile number such as 0788 123 456 (another country's with its + code)",
      email: 'Please enter a valid email address',
      passwordRequired: 'Password is required',
      passwordMin: 'Password must be at least 8 characters',
      passwordsMismatch: "Passwords don't match",
      firstNameRequired: 'First name is required',
      lastNameRequired: 'Last name is required',
    },
    toast: {
      loginFailed: 'Login Failed',
      loginError: 'An error occurred during login',
      registrationFailed: 'Registration Failed',
      registrationError: 'An error occurred during registration',
      welcomeBack: 'Welcome back!',
      loggedIn: 'You have successfully logged in.',
      welcome: 'Welcome to Ikimina!',
      accountCreated: 'Your account has been created successfully.',
      loggedOut: 'Logged out',
      loggedOutDescription: 'You have been successfully logged out.',
      signInErrorTitle: 'Sign-in failed',
      signInErrorDescription: 'We could not sign you in with Google. Please try again, or use your email and password.',
    },
    magicLinkPage: {
      title: 'Signing you in',
      checking: 'Checking your sign-in link...',
      failedTitle: 'Sign-in link not accepted',
      invalid: 'This sign-in link is invalid or has expired.',
      requestNew: 'Request a new link',
    },
    resetPage: {
      title: 'Choose a new password',
      description: 'Setting a new password signs you out on every device.',
      newPassword: 'New password',
      confirmPassword: 'Confirm new password',
      submit: 'Set new password',
      submitting: 'Saving...',
      failedTitle: 'Reset link not accepted',
      invalid: 'This password reset link is invalid or has expired. Please ask for a new one.',
      requestNew: 'Back to sign in',
      done: 'Password changed',
      doneDescription: 'You are signed in with your new password.',
    },
  },
  security: {
    title: 'Security',
    subtitle: 'Your password, USSD access and the devices signed in to your account.',
    signIn: {
      title: 'Sign in to manage your security',
      text: 'Change your password and see where your account is signed in.',
    },
    password: {
      title: 'Change password',
      description: 'You stay signed in here; every other device is signed out.',
      current: 'Current password',
      new: 'New password',
      confirm: 'Confirm new password',
      submit: 'Change password',
      submitting: 'Changing...',
      changed: 'Password changed',
      changedDescription: 'Your other devices have been signed out.',
      failed: 'Password not changed',
      error: 'Your password could not be changed. Please try again.',
    },
    ussd: {
      title: 'USSD access',
      setUpBadge: 'Set up',
      description: 'Use your Ikimina account from any phone, even without internet, by dialling the Ikimina USSD code. First prove that the number on your profile is yours: we send it a code by SMS.',
      loadFailed: 'Could not load your USSD access.',
      noPhone: 'Add your mobile number to your profile first: the code is sent to it.',
      notRwandan: 'USSD serves Rwandan mobile numbers only (+250 7…). Your profile has {{phone}}: put a Rwandan number there first.',
      otherAccount: '{{phone}} already opens another Ikimina account by USSD, one opened from a basic phone. Put another number on your profile to use USSD with this account.',
      toProfile: 'Go to my profile',
      setUpText: 'Dial from {{phone}} and enter your PIN: you reach this account. To choose a new PIN, ask for a new code.',
      notSetUpText: 'USSD does not open this account yet. We will send a 6-digit code by SMS to {{phone}}.',
      changePin: 'Send a code to choose a new PIN',
      sendCode: 'Send me the code',
      sendAgain: 'Send a new code',
      codeSent: 'Code sent',
      codeSentDescription: 'Check the SMS on {{phone}}. The code expires in 10 minutes.',
      codeNotSent: 'Code not sent',
      tooManyCodes: 'Too many codes asked for this number. Please wait an hour and try again.',
      error: 'Something went wrong. Please try again.',
      enterCode: 'Enter the 6-digit code sent by SMS to {{phone}}, then choose the 5-digit PIN you will dial with.',
      code: 'Code from the SMS',
      codeInvalid: 'Enter the 6 digits of the code.',
      pin: 'USSD PIN',
      pinHint: '5 digits, not 11111 or 12345.',
      pinAgain: 'PIN again',
      pinFormat: 'A PIN is exactly 5 digits.',
      pinWeak: 'This PIN is too easy to guess. Choose another.',
      pinMismatch: 'The PINs do not match.',
      codeWrong: 'This is not the code we sent. Tries left: {{count}}.',
      codeUsedUp: 'Wrong code, tried too often. Send a new code.',
      codeExpired: 'This code has expired. Send a new code.',
      submit: 'Set up USSD access',
      submitting: 'Setting up...',
      done: 'USSD access set up',
      doneDescription: 'Dial from {{phone}} and enter your PIN.',
      failed: 'USSD access not set up',
    },
    sessions: {
      title: 'Where you are signed in',
      description: 'A session ends after 30 minutes without use, and 12 hours after sign-in.',
      current: 'This device',
      unknownDevice: 'Unknown device',
      on: '{{browser}} on {{system}}',
      started: 'Signed in {{time}}',
      lastActive: 'Last active {{time}}',
      address: 'Address {{ip}}',
      revoke: 'Sign out',
      revoked: 'Session ended',
      revokedDescription: 'That device has been signed out.',
      revokeFailed: 'Could not end this session',
      loadFailed: 'Could not load your sessions.',
    },
    everywhere: {
      title: 'Sign out everywhere',
      description: 'Ends every session of your account, this one included, and any sign-in link not used yet.',
      action: 'Sign out everywhere',
      working: 'Signing out...',
      done: 'Signed out everywhere',
      doneDescription: 'Every session of your account has ended.',
      failed: 'Could not sign out everywhere. Please try again.',
    },
    sessionEnded: {
      title: 'Session ended',
      description: 'For your security you were signed out after a while. Please sign in again.',
    },
  },
  hub: {
    loading: 'Loading your dashboard...',
  },
  notFound: {
    title: '404 Page Not Found',
    text: 'Did you forget to add the page to the router?',
    backHome: 'Back to Home',
  },
  landing: {
    hero: {
      badge: 'AI-native community finance for Rwanda',
      title: 'Save together. Borrow fairly. Grow as a community.',
      subtitle:
        'Ikimina brings your tontine online: AI-matched savings groups, microloans backed by your savings, mobile money and an AI financial advisor that speaks your language.',
      getStarted: 'Get Started Today',
      watchDemo: 'Watch Demo',
      learnMore: 'Learn More',
      cardTitle: 'Abahizi Savings Group',
      cardSubtitle: '12 members · monthly',
      cardPool: 'Pool this cycle',
      cardNext: 'Next payout',
      cardNextValue: 'Aline U. · in 5 days',
      cardPaid: '10 of 12 paid',
    },
    stats: {
      label: 'Ikimina in numbers',
      users: 'Users',
      groups: 'Tontine groups',
      merchants: 'Merchants',
      agents: 'Agents',
      usersValue: '50K+',
      groupsValue: '2,500+',
      merchantsValue: '5,000+',
      agentsValue: '1,200+',
    },
    members: {
      eyebrow: 'For members',
      title: 'Everything your savings group needs',
      subtitle: 'From the first contribution to the last payout, your group runs in one place.',
      tontinesTitle: 'Smart tontines',
      tontinesText: 'AI-matched savings groups that fit your budget, your schedule and your goals.',
      loansTitle: 'Microloans',
      loansText: 'Borrow up to 50% of your savings, with instant AI approval.',
      chatTitle: 'Group chat and contribution tracking',
      chatText: 'Talk with your group and see who has paid, what is due and when the next payout comes.',
      advisorTitle: 'AI financial advisor',
      advisorText: 'Ask about saving, loans and budgeting in English, French, Kinyarwanda and Swahili.',
    },
    business: {
      eyebrow: 'For businesses',
      title: 'Grow your business with Ikimina',
      subtitle: 'Accept payments, finance your stock and reach new customers through our agents.',
      qrTitle: 'QR merchant payments',
      qrText: 'Accept payments with a QR code and receive automated settlement.',
      accountsTitle: 'Business accounts',
      accountsText: 'Working-capital loans for businesses that are ready to grow.',
      agentsTitle: 'Agent network',
      agentsText: 'Onboard merchants in your community and earn commissions.',
      analyticsTitle: 'Business analytics',
      analyticsText: 'Understand your sales, your busiest hours and your customers.',
    },
    payments: {
      eyebrow: 'Pay your way',
      title: 'Payment options that work for everyone',
      ussdTitle: 'USSD mobile money',
      ussdText: 'MTN, Airtel and Tigo, even from a basic phone.',
      cardsTitle: 'Card payments',
      cardsText: 'Visa and Mastercard through a secure card payment provider.',
      qrTitle: 'QR payments',
      qrText: 'Scan and pay at a merchant in seconds.',
      remindersTitle: 'Reminders',
      remindersText: 'SMS, e-mail and in-app reminders before every contribution is due.',
    },
    security: {
      eyebrow: 'Security',
      title: 'Built on trust',
      subtitle: 'Your money and your identity are protected at every step.',
      creditTitle: 'AI credit scoring',
      creditText: 'Fair credit decisions based on how you save and repay.',
      idTitle: 'National ID verification',
      idText: 'Members verify their identity with their national ID.',
      faceTitle: 'KYC face matching',
      faceText: 'A selfie is matched to the ID photo at 80%+ confidence.',
      encryptionTitle: 'AES-256 encryption',
      encryptionText: 'Data is encrypted with AES-256, and access is recorded in an audit log.',
    },
    cta: {
      title: 'Ready to start saving together?',
      text: 'Create your free account in a minute and find a tontine that fits you.',
      signUp: 'Sign Up Now',
    },
    footer: {
      tagline: 'Community finance for Rwanda.',
      learnMore: 'Learn More',
      demo: 'Demo',
      privacy: 'Privacy',
      terms: 'Terms',
      rights: '© {{year}} Ikimina. All rights reserved.',
    },
  },
  dashboard: {
    welcomeTitle: 'Welcome to Ikimina',
    welcomeText: 'Sign in to see your savings, tontines, loans and credit score in one place.',
    signIn: 'Sign In',
    learnMore: 'Learn More',
    totalSavings: 'Total Savings',
    activeTontines: 'Active Tontines',
    creditScore: 'Credit Score',
    activeLoans: 'Active Loans',
    quickLinksTitle: 'Get started',
    applyLoanTitle: 'Apply for a loan',
    applyLoanText: 'Borrow up to 50% of your savings.',
    joinTontineTitle: 'Join a tontine',
    joinTontineText: 'Find a savings group that fits your budget.',
    learnTitle: 'Learn about finance',
    learnText: 'Short lessons on saving, loans and payments.',
    creditTitle: 'Check your credit score',
    creditText: 'See what you can borrow and how to improve.',
    memberSince: 'Member since {{date}}',
    noPhone: 'No phone number yet',
    addProfession: 'Add your profession',
    profileError: 'We could not load your profile. Please try again later.',
  },
  frequency: {
    daily: 'Daily',
    weekly: 'Weekly',
    monthly: 'Monthly',
  },
  tontineStatus: {
    forming: 'Forming',
    active: 'Active',
    completed: 'Completed',
    cancelled: 'Cancelled',
  },
  tontines: {
    title: 'Tontines',
    subtitle: 'Save together in rotating groups, or on your own with personal savings.',
    loadFailed: 'We could not load the tontines. Please try again later.',
    signInTitle: 'Sign in to see your tontines',
    signInText: 'Your groups, your recommendations and creating a tontine need an account.',
    stats: {
      totalSavings: 'Total Savings',
      activeTontines: 'Active Tontines',
      communityMembers: 'Community Members',
      nextPayout: 'Next Payout',
      noPayout: 'No payout scheduled yet',
    },
    tabs: {
      mine: 'My Tontines',
      discover: 'Discover',
      recommended: 'AI Recommended',
      categories: 'Categories',
    },
    mine: {
      emptyTitle: 'No tontines yet',
      emptyText: 'Create a group with people you trust, or join one from Discover.',
    },
    discover: {
      search: 'Search by name or description',
      filters: 'Filters',
      sort: 'Sort',
      emptyTitle: 'No tontines found',
      emptyText: 'Try another search, or create your own group.',
    },
    filters: {
      title: 'Filters',
      description: 'Show only the groups that suit you.',
      category: 'Category',
      anyCategory: 'Any category',
      frequency: 'Frequency',
      anyFrequency: 'Any frequency',
      contribution: 'Contribution (RWF)',
      min: 'From',
      max: 'To',
      seatsLeft: 'Seats left',
      anySeats: 'Any',
      atLeast: 'At least {{count}}',
      apply: 'Show groups',
      clear: 'Clear filters',
      active: 'Filters ({{count}})',
      sortNewest: 'Newest first',
      sortContributionAsc: 'Smallest contribution first',
      sortContributionDesc: 'Largest contribution first',
      sortSeats: 'Most seats left first',
      emptyTitle: 'No group matches',
      emptyText: 'Try other filters, or clear them to see every group.',
      invalidAmount: 'Write the contribution as a whole number of RWF, such as 5000.',
      invalidRange: 'The lowest contribution cannot be above the highest.',
      failed: 'We could not load these groups.',
    },
    recommended: {
      match: '{{percent}}% match',
      members: '{{current}}/{{max}} members',
      view: 'View group',
      failed: 'We could not load your recommendations. Please try again later.',
      emptyTitle: 'No recommendations yet',
      emptyText: 'As you save, we will suggest groups that fit your budget and schedule.',
    },
    categories: {
      avg: 'Average',
      frequency: 'Frequency',
      members: 'Members',
      daily_micro: { name: 'Daily micro-savers', description: 'Small daily amounts for traders and market vendors.' },
      weekly_workers: { name: 'Weekly workers', description: 'Weekly savings that follow a weekly wage.' },
      monthly_professionals: { name: 'Monthly professionals', description: 'Monthly contributions timed with the salary.' },
      business_builders: { name: 'Business builders', description: 'Larger pots to buy stock or equipment.' },
      student_savers: { name: 'Student savers', description: 'Small weekly savings for school fees and books.' },
      women_entrepreneurs: { name: 'Women entrepreneurs', description: 'Women growing their businesses together.' },
    },
    card: {
      contribution: 'Contribution',
      members: 'Members',
      personal: 'Personal savings',
      pool: 'Pool: {{amount}}',
      target: 'Target: {{amount}}',
      spotsLeft: 'Spots left: {{count}}',
      joined: 'Joined',
      join: 'Join',
      joining: 'Joining...',
      full: 'Full',
      nextPayout: 'Next payout: {{date}}',
    },
    create: {
      open: 'Create Tontine',
      title: 'Create Tontine',
      description: 'Set the amount and rhythm; members who join commit to both.',
      name: 'Name',
      namePlaceholder: 'e.g. Abahizi Savings Group',
      descriptionLabel: 'Description',
      descriptionPlaceholder: 'Who is the group for, and what are you saving towards?',
      amount: 'Contribution amount (RWF)',
      frequency: 'Frequency',
      maxMembers: 'Maximum members',
      maxMembersHint: '1 means personal savings: you save alone and can withdraw at any time.',
      unanimity: 'Decisions need every member (unanimity)',
      unanimityHint: 'Otherwise a proposal passes with the yes of more than half of all members.',
      personalName: 'My savings',
      personalDescription: 'Saving towards my first loan',
      submit: 'Create Tontine',
      creating: 'Creating...',
      validationError: 'Validation Error',
      nameRequired: 'Please enter a tontine name',
      descriptionRequired: 'Please enter a description',
      amountInvalid: 'Please enter a valid contribution amount',
      fine: 'Late fine (optional)',
      fineHint: 'Charged on a contribution still unpaid when the grace period after its due date ends; paid into the group’s pool. Groups only.',
      fineKind: 'Fine',
      fineKinds: { none: 'No late fine', fixed: 'A fixed amount', percent: 'A percentage of the contribution' },
      fineFixed: 'Fine (RWF)',
      finePercent: 'Fine (% of the contribution)',
      graceDays: 'Grace period (days)',
      fineInvalid: 'A late fine is 1 to 1,000,000 RWF or 1 to 50 % of the contribution, after 0 to 30 days of grace, for a group (not personal savings)',
    },
    toast: {
      success: 'Success!',
      error: 'Error',
      created: 'Your tontine has been created.',
      joined: 'You have joined {{name}}.',
      joinFailed: 'Failed to join tontine. Please try again.',
      createFailed: 'Failed to create tontine. Please try again.',
    },
  },
  tontine: {
    loadFailed: 'We could not load this tontine',
    notFound: 'Tontine Not Found',
    notFoundText: 'This group does not exist or is no longer available.',
    back: 'Back to Tontines',
    membersOnly: 'Only members of this group can see this.',
    forming: {
      title: 'Waiting for members',
      seats: '{{members}} of {{max}} members · seats left: {{count}}',
      startsWhenFull: 'The rotation starts by itself when the last seat is taken.',
      startEarlyAdmin: 'You created this group: you can start it now with the members you have.',
      startEarlyAdminWaiting: 'You created this group: once one more member has joined, you can start it without waiting for it to fill.',
      startEarlyOther: '{{name}}, who created the group, can start it earlier once it has at least 2 members.',
      firstDue: 'Payments begin on the day the rotation starts. Started today: {{amount}} due on {{first}}, the next on {{second}}.',
      start: 'Start the rotation',
      confirmTitle: 'Start the rotation now?',
      confirmText: 'The {{count}} members start paying {{amount}} today, and nobody else can join after. Each member is paid out once, in the payout order.',
      confirm: 'Start now',
      cancel: 'Not yet',
    },
    due: {
      title: 'Your next contribution',
      overdue: 'Your contribution is overdue',
      text: '{{amount}} due on {{date}}',
    },
    stats: {
      totalPool: 'Total Pool',
      members: 'Members',
      contribution: 'Contribution',
      nextPayout: 'Next Payout',
      tbd: 'TBD',
    },
    tabs: {
      chat: 'Chat',
      books: 'Books',
      decisions: 'Decisions',
      members: 'Members',
      contributions: 'Contributions',
      fines: 'Fines',
    },
    books: {
      balance: 'Group balance',
      balanceHint: 'What the group’s pool holds now, to the centime.',
      empty: 'No money has moved yet',
      emptyText: 'Contributions, payouts and corrections will appear here as they happen.',
      loadFailed: 'We could not load the books.',
      retry: 'Try again',
      loadMore: 'Load more',
      balanceAfter: 'Balance {{amount}}',
      reference: 'Ref. {{reference}}',
      list: 'Movements of the group’s pool, newest first',
      kinds: {
        contribution: 'Contribution',
        payout: 'Payout',
        payout_returned: 'Payout returned',
        withdrawal: 'Withdrawal',
        withdrawal_returned: 'Withdrawal returned',
        contribution_reversed: 'Contribution reversed',
        reversal: 'Correction',
        rounding: 'Rounding',
        fine: 'Late fine',
        fine_reversed: 'Late fine reversed',
        fine_posted: 'Late fine posted',
        fine_waived: 'Late fine waived',
        other: 'Other movement',
      },
    },
    decisions: {
      rules: {
        majority: 'Any member may propose. A proposal passes with the yes of more than half of ALL members; each member votes once and may change the vote until it closes (72 hours at most).',
        unanimity: 'Any member may propose. This group decides by unanimity: a proposal passes only with the yes of every member; each may change the vote until it closes (72 hours at most).',
      },
      new: 'New proposal',
      kind: 'What to decide',
      kinds: {
        change_payout_order: 'Change the payout order',
        change_fine: 'Change the late fine',
        waive_fine: 'Waive a fine',
      },
      text: 'What and why',
      textPlaceholder: 'Say what you propose and why',
      order: 'New payout order',
      moveUp: 'Move {{name}} up',
      moveDown: 'Move {{name}} down',
      paid: 'Paid',
      notActive: 'The payout order can be changed by the group once the rotation has started.',
      fineKind: 'Late fine',
      fineFixed: 'A fixed amount (RWF)',
      finePercent: 'A percent of the contribution',
      fineValue: 'Amount or percent',
      graceDays: 'Days of grace',
      fine: {
        fixed: 'Late fine: {{value}} RWF after {{days}} days of grace',
        percent: 'Late fine: {{value}} % of the contribution after {{days}} days of grace',
        none: 'No late fine',
      },
      submit: 'Propose',
      proposed: 'Your proposal is open for 72 hours. Every member has been told.',
      open: 'Open proposals',
      closed: 'Closed proposals',
      empty: 'No proposals yet',
      emptyText: 'Propose a change and the whole group votes on it.',
      loadFailed: 'We could not load the decisions.',
      retry: 'Try again',
      failed: 'That did not work. Please try again.',
      by: 'Proposed by {{name}}',
      closes: 'closes {{date}}',
      closedOn: 'closed {{date}}',
      counts: 'Yes {{yes}} · No {{no}} · Not voted {{notVoted}} · {{needed}} yes needed',
      yes: 'Yes',
      no: 'No',
      myVote: 'Your vote: {{vote}}',
      voted: 'Your vote is counted.',
      statuses: {
        open: 'Open',
        passed: 'Passed',
        rejected: 'Rejected',
        void: 'Passed, not applied',
      },
    },
    fines: {
      rule: 'Late fine',
      ruleLine: 'Late fine: {{rule}}',
      ruleFixed: '{{amount}} per late contribution, {{count}}-day grace',
      rulePercent: '{{percent}} % of the contribution, {{count}}-day grace',
      noRule: 'This group charges no late fine.',
      empty: 'No fines',
      emptyText: 'A fine appears here when a contribution is still unpaid after the grace period.',
      loadFailed: 'We could not load the fines.',
      list: 'Late fines of the group',
      mine: 'You',
      cycle: 'cycle {{cycle}}',
      posted: 'posted {{date}}',
      status: { pending: 'To pay', overdue: 'To pay', completed: 'Paid', waived: 'Waived' },
      waivedBy: 'Waived by {{name}}: “{{reason}}”',
      waivedByDecision: 'Waived by a group decision',
      owedTitle: 'You have a late fine to pay',
      owedText: '{{amount}} for your late contribution of cycle {{cycle}}.',
      waive: 'Waive',
      waiveTitle: 'Waive this fine',
      waiveText: '{{name}}’s fine of {{amount}}. Every member is told, with your reason.',
      reason: 'Reason (every member will see it)',
      reasonRequired: 'Please give a reason of at least 3 characters.',
      waived: 'The fine is waived; every member has been told.',
      waiveFailed: 'The fine could not be waived. Please try again.',
    },
    chat: {
      empty: 'No messages yet. Say hello to your group!',
      placeholder: 'Write a message...',
      send: 'Send message',
      sendFailed: 'Failed to send message',
      loadFailed: 'We could not load the chat.',
    },
    members: {
      title: 'Members ({{count}}/{{max}})',
      you: 'you',
      admin: 'Admin',
      started: 'The rotation has started.',
      actionFailed: 'That did not work. Please try again.',
    },
    payoutOrder: {
      title: 'Payout order',
      draw: 'Draw the order',
      drawn: 'The payout order has been drawn.',
      byDraw: 'Decided by a recorded random draw.',
      byJoinOrder: 'In the order members joined, until the admin draws it.',
      seed: 'Draw seed',
      seedHelp: 'Anyone can re-run the draw with this seed over the members in join order and get the same order.',
      loadFailed: 'We could not load the payout order.',
    },
    swaps: {
      title: 'Turn swaps',
      propose: 'Swap turns',
      proposed: 'You proposed to swap turns with {{name}}.',
      row: '{{from}} proposes to swap turns with {{to}}',
      accept: 'Accept',
      accepted: 'The turns have been swapped.',
      waiting: 'Waiting for an answer',
    },
  },
  contributions: {
    /** How a contribution was paid (core/contributions/contribution.ts PaymentMethod), in words. */
    paymentMethods: {
      mobile_money: 'Mobile money',
      card: 'Card',
      pot_deduction: 'Taken from the payout',
    },
    loadFailed: 'We could not load the contributions. Please try again later.',
    tontineEmpty: 'No contributions yet.',
    stats: {
      totalContributed: 'Total Contributed',
      pendingAmount: 'Pending Amount',
      upcoming: 'Upcoming (7 days)',
      upcomingCount: 'Contributions due: {{count}}',
      onTimeRate: 'On-Time Rate',
    },
    overdueTitle: 'Overdue Contributions',
    overdueText: 'Pay these first: your group is waiting for them.',
    upcomingTitle: 'Upcoming Contributions',
    upcomingEmpty: 'Nothing due in the next 7 days.',
    recentTitle: 'Recent Contributions',
    recentEmpty: 'No paid contributions yet.',
    dueOn: 'Due {{date}}',
    paidOn: 'Paid {{date}}',
    status: {
      paid: 'Paid',
      overdue: 'Overdue',
      pending: 'Pending',
    },
    table: {
      member: 'Member',
      amount: 'Amount',
      status: 'Status',
      date: 'Date',
    },
  },
  payments: {
    /** Why a mobile-money payment failed, from the provider's code (lib/provider-reason.ts); never the code itself. */
    reasons: {
      declined: 'The payment was declined on the phone. No money was taken.',
      funds: 'There was not enough money on the mobile money account. No money was taken.',
      expired: 'The request was not approved in time and expired. No money was taken.',
      limit: 'The mobile money account has reached its limit. No money was taken.',
      account: 'This number has no mobile money account that can pay. No money was taken.',
      unavailable: 'The mobile money service could not process the payment just now. No money was taken; please try again in a few minutes.',
    },
    pay: 'Pay',
    title: 'Pay by mobile money',
    description: 'Pay {{amount}} from your mobile money account.',
    descriptionFor: 'Pay {{amount}} to {{name}} from your mobile money account.',
    phone: 'Mobile money number',
    phoneHint: 'We will send the payment request to this number.',
    confirm: 'Pay {{amount}}',
    approveTitle: 'Approve the payment on your phone',
    approveText: 'A payment request was sent to {{phone}}. Enter your PIN on your phone to approve it.',
    waiting: 'Waiting for your approval...',
    successTitle: 'Payment received',
    successText: 'Your contribution of {{amount}} has been paid.',
    failedTitle: 'Payment failed',
    failedText: 'The payment did not go through. No money was taken.',
    requestFailed: 'We could not send the payment request. Please try again.',
    retrying: 'The connection was lost. Sending the same request again as soon as it is back…',
    tryAgain: 'Try again',
    /** Card payments (issue 27): the button beside mobile money and the return page after the processor's checkout. */
    card: {
      or: 'or',
      inProgress: 'A card payment of this contribution is still open on the card page. Finish it there, or try again in 15 minutes.',
      payByCard: 'Pay by card',
      hint: "You pay by Visa or Mastercard on our card provider's secure page; your card details never reach Ikimina.",
      startFailed: 'We could not open the card payment page. Please try again.',
      returnTitle: 'Card payment',
      confirming: 'Confirming your card payment…',
      stillPending: 'The card provider has not confirmed this payment yet. It will be updated as soon as it does; you can leave this page.',
      successTitle: 'Payment received',
      successText: 'Your card payment of {{amount}} has been received.',
      failedTitle: 'Card payment failed',
      failedText: 'The card payment did not go through. No money was taken. You can try again or pay by mobile money.',
      cancelledTitle: 'Payment not completed',
      cancelledText: 'You left the card page before paying. No money was taken.',
      notFound: 'We could not find this card payment.',
      back: 'Back',
    },
  },
  loans: {
    title: 'Loans',
    subtitle: 'Borrow up to 50% of your savings, with an instant decision and no hidden fees.',
    applyForLoan: 'Apply for Loan',
    applyFirst: 'Apply for Your First Loan',
    checkCreditScore: 'Check Credit Score',
    loadFailed: 'We could not load your loans. Please try again later.',
    percent: '{{value}}%',
    months: '{{count}} months',
    summary: {
      totalBorrowed: 'Total Borrowed',
      activeLoans: 'Active Loans',
      nextPayment: 'Next Payment',
      creditScore: 'Credit Score',
      dueOn: 'Due {{date}}',
      nothingDue: 'Nothing due',
      noScore: 'No credit score yet',
      available: 'You can borrow {{amount}}',
      belowMinimum: '{{amount}}: below the minimum loan',
      availableNotYet: 'Up to {{amount}} once every step is done',
    },
    tabs: {
      myLoans: 'My Loans',
      apply: 'Apply',
      recommendations: 'Recommendations',
      creditScore: 'Credit Score',
    },
    eligibility: {
      title: 'What borrowing needs',
      readyTitle: 'You can apply',
      readyText: 'Every step is done: you can borrow from {{minimum}} up to {{amount}}.',
      notReadyText: 'A few steps first. Each one says what to do next.',
      failed: 'We could not check what borrowing needs. Please try again later.',
      formNext: 'The application form opens here once the steps above are done.',
      status: {
        met: 'Done',
        missing: 'To do',
        in_form: 'In the form',
      },
      identity: {
        met: 'Your national ID is verified',
        missing: 'Verify your national ID',
        missingText: 'A loan needs a verified national ID: it takes a minute on the Verification tab of your dashboard.',
        action: 'Verify my ID',
      },
      savings: {
        met: 'You have saved enough',
        metText: 'You can borrow up to {{amount}}: half of your savings of {{savings}}, less what your loans use.',
        missing: 'Save {{amount}} more',
        missingText: 'A loan starts at {{minimum}} and you can borrow half of your savings, so you need {{needed}} saved. You have {{savings}}.',
        action: 'Save in personal savings',
        limitUsed: 'Your loans use your whole limit',
        limitUsedText: 'Repay some of what you owe before you borrow again.',
      },
      overdue: {
        missing: 'Repay your overdue loan',
        missingText: 'No new loan while one is overdue.',
        action: 'See my loans',
      },
      open: {
        missing: 'Your application is being decided',
        missingText: 'You can apply again once it is decided.',
      },
      consents: {
        title: 'Consents, given in the application form',
        scoring: 'A credit check on your own Ikimina records',
        scoringGiven: 'Given on {{date}}',
        keyFacts: 'Your acceptance of the key facts (rate, monthly payment, total cost)',
      },
    },
    signIn: {
      title: 'Sign in to use loans',
      text: 'Your loans, applying, recommendations and your credit score need an account.',
    },
    status: {
      pending: 'Pending',
      approved: 'Approved',
      rejected: 'Rejected',
      active: 'Active',
      overdue: 'Overdue',
      repaid: 'Repaid',
    },
    toast: {
      signInRequired: 'Sign In Required',
      signInToApply: 'Please sign in to apply for a loan.',
      signInToAssess: 'Please sign in to access credit assessment.',
      applicationFailed: 'Application Failed',
      applicationFailedText: 'Failed to submit loan application. Please try again.',
      submitted: 'Loan Application Submitted',
      submittedActive: 'Approved: {{amount}} is on its way to your mobile money.',
      submittedPending: 'Your application for {{amount}} is waiting for review. We will let you know.',
      submittedOther: 'Your application for {{amount}} is {{status}}.',
      assessmentFailed: 'Assessment Failed',
      assessmentFailedText: 'Failed to start credit assessment.',
      assessmentStarted: 'Credit Assessment Started',
      assessmentStartedText: 'Your credit score will be ready in a moment.',
      repaid: 'Repayment received',
      repaidText: 'Your repayment of {{amount}} has been received.',
      repayFailed: 'Repayment failed',
      repayRequestFailed: 'We could not send the repayment request. Please try again.',
    },
    // Why a loan was decided (the API's decisionReasonCode, core/loans/decision-reason.ts).
    decisionReasons: {
      instant_approval: 'Approved: {{amount}} is within your available limit of {{available}} and your credit score {{score}} is at least {{minimumScore}}.',
      score_below_minimum: 'Waiting for review: your credit score {{score}} is below {{minimumScore}}, so an officer decides.',
      officer_approved: 'Approved after review by a loan officer.',
      savings_too_recent: 'Your savings are too recent: keep saving regularly for a few more months, then apply again.',
      repayment_capacity: 'The instalments are too high for what you save each month: ask for a smaller amount or a longer term.',
      late_payments: 'Recent contributions or repayments were late: pay on time for a few months, then apply again.',
      incomplete_information: 'Your application is missing information we need: check your profile, then apply again.',
    },
    myLoans: {
      emptyTitle: 'No Loans Yet',
      emptyText: 'Borrow against your savings: a loan within your limit is decided in seconds.',
      rate: '{{rate}}% a year',
      nextPayment: 'Next payment',
      nextPaymentAmount: '{{amount}} on {{date}}',
      tbd: 'TBD',
      progress: 'Repayment progress',
      progressText: '{{paid}} of {{amount}} repaid',
      owed: 'Still owed: {{amount}}',
      applied: 'Applied {{date}}',
      decision: 'Decision: {{reason}}',
      showSchedule: 'Show schedule',
      hideSchedule: 'Hide schedule',
      scheduleFailed: 'We could not load the schedule.',
      repay: 'Repay',
    },
    schedule: {
      number: '#',
      dueDate: 'Due date',
      amount: 'Instalment',
      interest: 'Interest',
      principal: 'Principal',
      balanceAfter: 'Balance after',
      status: 'Status',
      statuses: {
        paid: 'Paid',
        partly_paid: 'Partly paid',
        overdue: 'Overdue',
        upcoming: 'Upcoming',
      },
    },
    repay: {
      title: 'Repay your loan',
      description: 'The request goes to your mobile money number; approve it on your phone.',
      instalment: 'Next instalment',
      balance: 'Whole balance',
      confirm: 'Repay {{amount}}',
    },
    apply: {
      title: 'Apply for a loan',
      description: 'You can borrow up to half of your savings. You will see the key facts before you confirm.',
      amount: 'Loan amount (RWF)',
      term: 'Repayment term',
      purpose: 'Purpose',
      purposePlaceholder: 'What will the loan be used for?',
      review: 'Review Key Facts',
      reviewing: 'Preparing...',
      previewTitle: 'Application preview',
      previewMonthly: 'Estimated monthly payment',
      previewRate: 'Estimated rate',
      previewRateText: '8-15% annual',
      previewNote: 'Estimated at 12% a year. Your own rate depends on your credit score and is shown in the key facts.',
      limit: 'Your available credit: {{amount}}',
    },
    validation: {
      amountMin: 'Minimum loan amount is 10,000 RWF',
      amountMax: 'Maximum loan amount is 10,000,000 RWF',
      amountAvailable: 'You can borrow up to {{amount}} now',
      purpose: 'Please provide a detailed loan purpose',
      termMin: 'Minimum term is 1 month',
      termMax: 'Maximum term is 60 months',
    },
    keyFacts: {
      title: 'Key Facts Statement',
      description: 'Read these terms before you confirm: they are what you agree to.',
      amount: 'Amount borrowed',
      term: 'Term',
      annualRate: 'Annual interest rate',
      apr: 'Annual percentage rate (APR)',
      fees: 'Fees',
      noFees: 'No fees',
      monthlyPayment: 'Monthly payment',
      instalments: 'Number of instalments',
      totalInterest: 'Total interest',
      totalCost: 'Total cost of credit',
      totalRepayable: 'Total to repay',
      schedule: 'Repayment schedule',
      accept: 'I have read and accept the key facts statement.',
      consent: 'I consent to Ikimina assessing my credit from my own Ikimina records (savings, contributions and repayments).',
      confirm: 'Confirm Application',
      submitting: 'Submitting...',
      back: 'Change details',
      rateChanged: 'Your rate changed since you reviewed the key facts: it is now {{rate}} a year. Read the new key facts below and confirm again.',
    },
    recommendations: {
      emptyTitle: 'No Recommendations Available',
      emptyText: 'Save in a tontine to build your loan limit: you can borrow up to half of your savings.',
      failed: 'We could not load your recommendations. Please try again later.',
      types: {
        emergency: 'Emergency loan',
        business: 'Business loan',
        education: 'Education loan',
      },
      confidence: '{{percent}}% confidence',
      amount: 'Amount',
      rate: 'Rate',
      term: 'Term',
      monthly: 'Monthly',
      choose: 'Apply with These Terms',
    },
    credit: {
      emptyTitle: 'No Credit Score Available',
      emptyText: 'Check your credit score to see your rating, what shapes it and how much you can borrow.',
      failed: 'We could not load your credit score. Please try again later.',
      score: 'Credit score',
      rating: 'Rating',
      maxLoan: 'Loan limit',
      belowMinimum: 'Below the {{minimum}} minimum loan.',
      whatIsNeeded: 'See what borrowing needs',
      factors: 'What shapes your score',
      weight: 'Weight {{percent}}%',
      impact: {
        positive: 'Positive',
        negative: 'Negative',
        neutral: 'Neutral',
      },
      recommendations: 'How to improve',
      model: 'Model {{version}} · assessed {{date}}',
      /** The scorecard's factors and advice by code (core/credit/scorecard.ts); counts in plural forms. */
      factorNames: {
        punctuality: 'Payment punctuality',
        savings_balance: 'Savings balance',
        savings_streak: 'Savings streak',
        tenure: 'Tenure',
        identity: 'Identity verification',
        groups: 'Group participation',
      },
      detail: {
        no_payments_due: 'No payments due yet',
        punctuality: '{{onTime}} of {{counted}} contributions and loan instalments paid on time ({{percent}}%)',
        savings_balance: 'Savings balance {{amount}}',
        savings_streak: {
          one: 'Contributed {{count}} month in a row',
          other: 'Contributed {{count}} months in a row',
        },
        tenure: {
          one: 'Member for {{count}} month',
          other: 'Member for {{count}} months',
        },
        identity_verified: 'National ID verified',
        identity_not_verified: 'National ID not verified',
        groups: {
          one: 'Member of {{count}} tontine group',
          other: 'Member of {{count}} tontine groups',
        },
      },
      advice: {
        punctuality: 'Pay your contributions and loan instalments on or before their due dates: punctuality weighs most in your score.',
        savings_balance: 'Grow your savings: your loan limit is half of your savings balance.',
        savings_streak: 'Contribute every month to build your savings streak.',
        identity: 'Verify your national ID: a loan needs it, and it raises your score.',
        groups: 'Join a tontine group and take part in its rotation.',
        keep_paying: 'Keep paying on time to keep your score and your best rate.',
      },
      consent: 'I consent to Ikimina assessing my credit from my own Ikimina records.',
      checking: 'Checking...',
    },
    ratings: {
      Excellent: 'Excellent',
      Good: 'Good',
      Fair: 'Fair',
      Poor: 'Poor',
      'Very Poor': 'Very Poor',
    },
  },
  overview: {
    tabs: {
      overview: 'Overview',
      contributions: 'Contributions',
      verification: 'Verification',
    },
    noScoreYet: 'No credit score yet',
    insightsTitle: 'AI insights',
    askAssistant: 'Ask the assistant',
    insightNoHistory: 'Pay your first contribution to start your savings history.',
    insightOnTime: 'You paid {{percent}}% of your contributions on time.',
    insightLoanLimit: 'You can borrow up to {{amount}} against your savings.',
    insightCannotBorrow: 'You cannot borrow yet: the Loans page shows what is missing.',
    availableBelowMinimum: 'Below the {{minimum}} minimum: see what is missing',
    availableNotYet: 'Not yet: see what borrowing needs',
    insightLoanRecommendation: 'Suggested loan: {{purpose}}, {{amount}}.',
    savingsStreak: 'Savings Streak',
    streakHint: 'Months in a row with every contribution paid',
    nextPayment: 'Next Payment',
    nothingDue: 'Nothing due',
    availableCredit: 'Available Credit',
    availableCreditHint: 'Up to 50% of your savings',
    recentActivity: 'Recent Activity',
    noActivity: 'No activity yet. Join or create a tontine to get started.',
    activityTontine: 'You joined {{name}}',
    activityLoan: 'Loan of {{amount}} ({{status}})',
    assistantTitle: 'AI assistant',
    assistantText: 'Questions about saving, groups or loans? Ask in your language.',
    startChat: 'Start a chat',
    quickActions: 'Quick Actions',
    actionTontines: 'Find or create a tontine',
    actionLoan: 'Apply for a loan',
    actionLearn: 'Learn about finance',
    recommendationTitle: 'AI Recommendation',
    noRecommendation: 'Recommendations will appear after your first credit assessment.',
  },
  assistant: {
    title: 'AI Financial Assistant',
    description: 'Ask a question or pick one below.',
    empty: 'How can I help you today?',
    exampleLabel: 'Example answer · sample figures',
    thinking: 'Thinking...',
    placeholder: 'Ask about saving, groups or loans...',
    send: 'Send',
    disclaimer: 'These answers are examples with sample figures, not your own data.',
    disclaimerLive: 'Answers come from your own records; each figure says where it comes from.',
    failed: 'The assistant could not answer right now. Please try again.',
    links: {
      dashboard: 'Go to your dashboard',
      verification: 'Verify my ID',
      loans: 'Go to Loans',
      tontines: 'Go to Tontines',
      profile: 'Go to your profile',
      education: 'Go to Education',
    },
    questions: {
      whichGroup: 'What group should I join?',
      creditScore: 'What is my credit score?',
      canBorrow: 'Can I take a loan?',
      howTontinesWork: 'How do tontines work?',
    },
    replies: {
      whichGroup: 'For example, a member who can set aside 50 RWF a month would fit a monthly group of people with a similar budget. Open Tontines, then AI Recommended, to see groups matched to you.',
      creditScore: 'For example, a score of 720 is rated Good: it earns better loan rates. Your own score is on the Loans page.',
      canBorrow: 'For example, with a score of 720 a member could borrow up to 5,000 at 12.5% APR. You can borrow up to 50% of your savings; see the Loans page for your own limit.',
      howTontinesWork: 'Each member pays the same amount every cycle, and each cycle one member receives the whole pot, in turn, until everyone has received it once.',
      general: 'This is an example answer. Try one of the questions below, or open the AI Assistant page for answers about your own savings.',
    },
  },
  verification: {
    verified: 'Verified',
    notVerified: 'Not Verified',
    statusError: 'Your verification status could not be loaded right now. Please try again later.',
    retry: 'Try again',
    nationalId: {
      title: 'National ID',
      intro: 'Verify your national ID with the national registry (NIDA). A verified ID unlocks loans.',
      idNumber: 'National ID number',
      idHint: '16 digits starting with 1',
      phone: 'Phone number',
      phoneHint: '+250 prefix',
      firstName: 'First name',
      lastName: 'Last name',
      dateOfBirth: 'Date of birth (optional)',
      idPhoto: 'ID photo (optional)',
      submit: 'Verify my ID',
      submitting: 'Verifying…',
      verifiedName: 'Name',
      verifiedNumber: 'ID number',
      verifiedPhone: 'Phone',
      verifiedAt: 'Verified on',
      addPhoto: 'Your ID photo (add or replace)',
      detailsUnavailable: 'Your national ID is verified. Its details cannot be shown right now.',
      errors: {
        idNumber: 'Enter the 16 digits of your national ID',
        phoneNumber: 'Enter a Rwandan mobile number with its +250 prefix',
        firstName: 'First name is required',
        lastName: 'Last name is required',
      },
    },
    face: {
      title: 'Facial verification (KYC)',
      text: 'Compare a selfie with your ID photo. A match of 80% or more verifies you.',
      consentLoading: 'The consent text is loading…',
      consentGiven: 'Your consent to the comparison of your face is recorded.',
      idPhoto: 'ID photo',
      selfie: 'Selfie',
      verify: 'Verify my face',
      verifying: 'Comparing…',
      needBoth: 'Upload both photos to verify.',
      verifiedText: 'Your face matches your ID photo.',
      confidence: 'Match confidence',
      verifiedAt: 'Verified on',
    },
    photo: {
      choose: 'Choose a photo',
      replace: 'Replace',
      camera: 'Use the camera',
      uploading: 'Uploading…',
      uploaded: 'Photo uploaded',
      hint: 'One image, at most 5 MB',
      preview: '{{label}}: photo',
    },
    webcam: {
      video: '{{label}}: camera',
      starting: 'Starting the camera…',
      capture: 'Take photo',
      retake: 'Retake',
      use: 'Use this photo',
      close: 'Close camera',
      smile: 'Smile!',
      unsupported: 'Webcam access not supported',
      unavailable: 'Camera not available. Check that a camera is connected and not used by another app, or choose a photo instead.',
      denied: 'Please allow camera access in your browser to take a photo, or choose a photo instead.',
      failed: 'The camera could not start. Please choose a photo instead.',
    },
    toast: {
      nidaSuccess: 'NIDA verification successful',
      failed: 'Verification failed',
      nidaFailed: 'Failed to verify your identity. Please check your details.',
      kycSuccess: 'KYC verification successful',
      kycSuccessDescription: 'Match confidence: {{confidence}}%',
      kycFailed: 'Failed to verify your identity. Please try again.',
      kycNotMatched: 'Your selfie does not match your ID photo closely enough ({{confidence}}% match, {{threshold}}% needed). Please take a new selfie facing the camera in good light, without glasses or a hat, and try again.',
      idPhotoUploaded: 'ID photo uploaded',
      selfieUploaded: 'Selfie uploaded',
      uploadFailed: 'Upload failed',
      idPhotoFailed: 'Failed to upload ID photo',
      selfieFailed: 'Failed to upload selfie',
      photosRequired: 'Photos required',
      photosRequiredDescription: 'Please upload both ID photo and selfie for verification',
      consentRequired: 'Consent required',
      consentRequiredDescription: 'Please tick the box to agree to the comparison of your face first.',
    },
  },
  statements: {
    pdfLabel: '{{what}}: download as PDF',
    csvLabel: '{{what}}: download as CSV',
    member: 'My statement for this month: groups, savings and loans',
    group: 'Group report: members, contributions by cycle, payouts',
    merchant: 'Statement of the month shown: sales, fees, refunds, settlements',
    failedTitle: 'Download failed',
    failedText: 'The file could not be prepared. Please try again.',
  },
  uploads: {
    problem: {
      empty: 'This file is empty. Please choose another photo.',
      not_an_image: 'Please choose an image (JPEG, PNG or WebP).',
      too_large: 'A photo can be at most 5 MB.',
    },
    /** What went wrong with an upload (lib/uploads.ts uploadFailureText). */
    failure: {
      too_large: 'The photo is larger than 5 MB. Please choose a smaller one.',
      not_an_image: 'This file could not be read as a photo. Please choose a JPEG, PNG or WebP image.',
      expired: 'The upload took too long and stopped. Please try again.',
      too_many: 'Too many photos were sent in the last hour. Please wait a little and try again.',
      not_found: 'The photo did not arrive. Please choose it again.',
      network: 'The photo could not be sent. Check your connection and try again.',
    },
  },
};

export type Messages = DeepStrings<typeof en & typeof enScreens>;

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/**
 * Translations of texts the server writes in English (its `error` field, keyed by `code`, and
 * the magic-link `message`). English has none on purpose: there the server's own words show.
 */
export interface ServerMessages {
  invalid_credentials: string;
  email_taken: string;
  rate_limited: string;
  validation_failed: string;
  invalid_or_expired_link: string;
  magic_link_sent: string;
  tontine_not_found: string;
  tontine_is_full: string;
  tontine_not_forming: string;
  already_a_member: string;
  not_enough_members: string;
  only_admin_can_start: string;
  identity_not_verified: string;
  scoring_consent_required: string;
  loan_exceeds_limit: string;
  has_overdue_loan: string;
  loan_application_open: string;
  repayment_in_progress: string;
  loan_not_repayable: string;
  key_facts_expired: string;
  key_facts_mismatch: string;
  key_facts_outdated: string;
  current_password_incorrect: string;
  invalid_or_expired_reset_link: string;
  session_not_found: string;
  password_reset_sent: string;
  phone_number_invalid: string;
  phone_taken: string;
  database_unavailable: string;
  card_checkout_unavailable: string;
  card_checkout_refused: string;
  account_not_found: string;
  agent_code_taken: string;
  agent_not_found: string;
  already_an_agent: string;
  amount_above_maximum: string;
  amount_below_minimum: string;
  amount_must_be_positive: string;
  amount_must_be_whole_francs: string;
  amount_not_whole_francs: string;
  biometric_consent_required: string;
  business_not_verified: string;
  cannot_swap_with_self: string;
  consent_version_outdated: string;
  contribution_already_paid: string;
  contribution_amount_not_whole_francs: string;
  contribution_not_found: string;
  face_matcher_unavailable: string;
  id_photo_face_too_small: string;
  id_photo_no_face_found: string;
  id_photo_several_faces_found: string;
  id_photo_unreadable_image: string;
  cursor_invalid: string;
  idempotency_key_reused: string;
  insufficient_savings: string;
  invalid_part: string;
  key_facts_not_accepted: string;
  key_facts_not_found: string;
  kyb_already_decided: string;
  lesson_not_found: string;
  loan_not_found: string;
  loan_transition_not_allowed: string;
  member_not_found: string;
  merchant_code_taken: string;
  merchant_not_active: string;
  merchant_not_found: string;
  merchant_not_verified: string;
  message_empty: string;
  message_too_long: string;
  mobile_money_callback_invalid: string;
  mobile_money_refused: string;
  mobile_money_unavailable: string;
  month_invalid: string;
  period_invalid: string;
  name_required: string;
  national_id_birth_date_mismatch: string;
  national_id_birth_year_in_future: string;
  national_id_holder_changed: string;
  national_id_holder_under_18: string;
  national_id_in_use: string;
  national_id_invalid_format: string;
  national_id_name_mismatch: string;
  national_id_not_found: string;
  national_id_registry_unavailable: string;
  no_mobile_money_number: string;
  not_a_member: string;
  not_personal_savings: string;
  notification_not_found: string;
  object_already_received: string;
  object_not_found: string;
  only_admin_can_cancel: string;
  only_admin_can_draw: string;
  only_admin_can_waive: string;
  only_group_can_change_fine: string;
  fine_not_found: string;
  late_fine_invalid: string;
  fine_already_paid: string;
  fine_already_waived: string;
  fine_waived: string;
  waiver_reason_invalid: string;
  only_counterparty_can_accept: string;
  own_business_referral: string;
  payment_amount_invalid: string;
  payment_amount_mismatch: string;
  payment_in_progress: string;
  payment_not_found: string;
  payout_order_already_drawn: string;
  payout_order_locked: string;
  personal_savings_has_no_rotation: string;
  phone_number_not_rwandan: string;
  phone_number_required: string;
  photo_not_private: string;
  photos_required: string;
  pin_format: string;
  pin_weak: string;
  profile_photo_not_public: string;
  rejection_reason_required: string;
  repayment_amount_invalid: string;
  selfie_face_too_small: string;
  selfie_no_face_found: string;
  selfie_several_faces_found: string;
  selfie_unreadable_image: string;
  swap_already_proposed: string;
  proposal_text_required: string;
  proposal_not_found: string;
  proposal_closed: string;
  proposal_change_invalid: string;
  personal_savings_has_no_decisions: string;
  swap_proposal_not_found: string;
  tontine_not_active: string;
  too_many_pending_merchants: string;
  too_many_uploads: string;
  turn_already_paid: string;
  unauthenticated: string;
  unsupported_media_type: string;
  upload_not_found: string;
  upload_signature_invalid: string;
  upload_too_large: string;
  upload_url_expired: string;
  ussd_access_code_expired: string;
  ussd_access_code_incorrect: string;
  ussd_access_needs_phone: string;
  working_capital_not_approved: string;
  working_capital_not_found: string;
  working_capital_not_repayable: string;
  working_capital_open: string;
  working_capital_transition_not_allowed: string;
  export_not_found: string;
  export_not_ready: string;
  export_expired: string;
  account_deletion_blocked: string;
}
