/** Account center and settings, staff management, audit log and mailbox (the shell's account pages). */
const messages = {
  'account.role.admin': 'Admin',
  'account.role.staff': 'Staff',

  'account.center.activity': 'My recent changes',
  'account.center.no-activity': 'You have not changed anything in the shop yet.',
  'account.center.edit': 'Edit my settings',
  'account.center.no-profile': 'No personal profile yet.',
  'account.center.no-phone': 'No phone number yet',
  'account.center.no-address': 'No address yet',
  'account.center.since': 'Member of staff since {date}',

  'account.settings.basic': 'Basic Settings',
  'account.settings.security': 'Security Settings',
  'account.settings.binding': 'Linked sign-ins',
  'account.settings.notification': 'Notifications',

  'account.basic.avatar': 'Avatar',
  'account.basic.change-avatar': 'Change avatar',
  'account.basic.avatar.saved': 'Your avatar has been changed.',
  'account.basic.email': 'Email',
  'account.basic.nickname': 'Nickname',
  'account.basic.profile': 'Personal profile',
  'account.basic.profile-placeholder': 'Brief introduction to yourself',
  'account.basic.country': 'Country/Region',
  'account.basic.geographic': 'Province or city',
  'account.basic.address': 'Street Address',
  'account.basic.phone': 'Phone Number',
  'account.basic.phone-hint': 'In international form, with the country code (e.g. +86 for China).',
  'account.basic.update': 'Update Information',
  'account.basic.saved': 'Your information has been updated.',

  'account.security.password': 'Account Password',
  'account.security.password-description': 'Change it regularly; your other sessions end when you do.',
  'account.security.password.change': 'Change password',
  'account.security.password.old': 'Current password',
  'account.security.password.new': 'New password',
  'account.security.password.confirm': 'Confirm password',
  'account.security.password.hint':
    'Please enter at least 6 characters. Please do not use passwords that are easy to guess.',
  'account.security.password.changed': 'Your password has been changed. Your other sessions have ended.',
  'account.security.phone': 'Security Phone',
  'account.security.phone-description': 'Bound phone: {phone}',
  'account.security.phone-none': 'No phone number is bound yet.',
  'account.security.modify': 'Modify',
  'account.security.sessions': 'Active sessions',
  'account.security.sessions.device': '{browser} on {system}',
  'account.security.sessions.unknown-device': 'Unknown device',
  'account.security.sessions.detail': 'IP {ip} · last seen {lastSeen} · signed in {since}',
  'account.security.sessions.current': 'This session',
  'account.security.sessions.end': 'End session',
  'account.security.sessions.end-confirm': 'End this session? That device will have to log in again.',
  'account.security.sessions.end-current': 'End this session? You will be logged out.',
  'account.security.sessions.ended': 'The session has ended.',

  'account.binding.none':
    'No other sign-in is linked to your account: you sign in with your shop email or phone and your password.',

  'account.notification.messages': 'Messages from colleagues',
  'account.notification.messages-description': 'Tell me when another member of staff sends me a message.',
  'account.notification.system': 'Shop notices',
  'account.notification.system-description':
    'Tell me about notices on the running of the shop, such as mail not being delivered.',
  'account.notification.todos': 'Work waiting for me',
  'account.notification.todos-description':
    'Tell me when there is work waiting, such as orders to ship or returns to review.',

  'staff.description':
    'Members of staff run the shop; admins also manage staff accounts and the shop settings.',
  'staff.add': 'Add member',
  'staff.added': 'The member has been added.',
  'staff.member': 'Member',
  'staff.search-placeholder': 'Email or nickname',
  'staff.email': 'Email',
  'staff.nickname': 'Nickname',
  'staff.role': 'Role',
  'staff.role-of': 'Role of {name}',
  'staff.password': 'Initial password',
  'staff.password-hint': 'Leave it empty to have one generated; it is shown once.',
  'staff.status': 'Status',
  'staff.active': 'Active',
  'staff.disabled': 'Disabled',
  'staff.created': 'Added',
  'staff.you': 'You',
  'staff.disable': 'Disable',
  'staff.enable': 'Enable',
  'staff.disable-confirm': 'Disable this account? Its sessions end at once.',
  'staff.enable-confirm': 'Enable this account again?',
  'staff.generated-title': 'Member added',
  'staff.generated-text':
    'The generated password of {email} is below. It is shown only this once: pass it on safely.',

  'audit.description': 'Every change staff make to the shop: who, when, what, before and after.',
  'audit.at': 'Time',
  'audit.actor': 'Member',
  'audit.entity': 'Record type',
  'audit.field': 'Field',
  'audit.before': 'Before',
  'audit.after': 'After',
  'audit.changed': 'changed',
  'audit.no-details': 'No details were recorded for this change.',

  'mail-status.not-delivered': 'Mail is not being delivered: no mail server is configured (MAIL_URL).',
  'mail-status.admin':
    'Activation links, password resets, verification codes and order notices are kept in the <link>mailbox</link>, which only admins can read. Set MAIL_URL to send real mail.',
  'mail-status.staff':
    'Activation links, password resets, verification codes and order notices are kept in the mailbox, which only admins can read. Ask an admin to set MAIL_URL.',
  'mailbox.description':
    'Mail and text messages the shop sends, kept here while no mail server is configured. Only admins can read them; mail to other members of staff is never shown.',
  'mailbox.to': 'Recipient',
  'mailbox.to-placeholder': 'Email address or phone number',
  'mailbox.empty': 'No message has been sent yet.',
  'mailbox.empty-to': 'No message to this recipient.',
  'mailbox.off': 'This shop sends real mail, so there is no dev mailbox to show.',
  'mailbox.open': 'Open',
  'mailbox.meta': 'To {to} · {at}',
  'mailbox.text': 'Text',
  'mailbox.html': 'HTML',
} as const;

export default messages;

/** Brand and format names that read the same in every language. */
export const sameEverywhere = ['mailbox.html'];
