import type { Translation } from '../index.ts';
import type enUS from './en-US.ts';

export default {
  'login.otp.label': 'Código de autenticação',
  'login.otp.hint':
    'O código de 6 dígitos do seu aplicativo autenticador ou um dos seus códigos de recuperação.',
  'twostep.title': 'Login em duas etapas',
  'twostep.description-off':
    'Desativado. Com um aplicativo autenticador (TOTP), cada login também pede um código do seu celular.',
  'twostep.description-on':
    'Ativado. {count, plural, one {Resta # código de recuperação} other {Restam # códigos de recuperação}}.',
  'twostep.required': 'A loja exige o login em duas etapas. Ative-o para continuar.',
  'twostep.turn-on': 'Ativar',
  'twostep.turn-off': 'Desativar',
  'twostep.setup-title': 'Ativar o login em duas etapas',
  'twostep.scan':
    'Leia este QR code com o seu aplicativo autenticador (por exemplo Google Authenticator, Microsoft Authenticator ou 1Password).',
  'twostep.qr-label': 'QR code para o seu aplicativo autenticador',
  'twostep.manual': 'Não consegue ler? Digite esta chave de configuração no aplicativo:',
  'twostep.secret-label': 'Chave de configuração',
  'twostep.code-label': 'Código do aplicativo',
  'twostep.confirm': 'Confirmar',
  'twostep.start-failed': 'Não foi possível iniciar o login em duas etapas. Tente novamente.',
  'twostep.on': 'O login em duas etapas está ativado.',
  'twostep.codes-title': 'Seus códigos de recuperação',
  'twostep.codes-text':
    'Cada código permite entrar uma vez quando você não puder usar o aplicativo. Guarde-os em um lugar seguro: eles são mostrados só agora.',
  'twostep.codes-list': 'Códigos de recuperação',
  'twostep.codes-copy': 'Copiar',
  'twostep.codes-copied': 'Os códigos de recuperação foram copiados.',
  'twostep.codes-copy-failed': 'Não foi possível copiar os códigos; selecione-os e copie manualmente.',
  'twostep.codes-download': 'Baixar',
  'twostep.codes-file': 'Códigos de recuperação de {email} para {shop}. Cada código funciona uma vez.',
  'twostep.codes-done': 'Já os guardei',
  'twostep.off-title': 'Desativar o login em duas etapas',
  'twostep.off-code-label': 'Código do aplicativo ou um código de recuperação',
  'twostep.off': 'O login em duas etapas está desativado.',
  'twostep.column': 'Login em duas etapas',
  'twostep.column-on': 'Ativado',
  'twostep.column-off': 'Desativado',
  'twostep.column-missing': 'Exigido, não configurado',
  'twostep.reset': 'Redefinir o login em duas etapas',
  'twostep.reset-confirm':
    'Desativar o login em duas etapas deste membro? Ele entrará só com a senha até configurá-lo novamente.',
  'twostep.reset-done': 'O login em duas etapas foi redefinido.',
  'twostep.require': 'Exigir o login em duas etapas de todos os membros da equipe',
  'twostep.require-on': 'Agora todos os membros da equipe precisam usar o login em duas etapas.',
  'twostep.require-off': 'O login em duas etapas não é mais exigido.',
  'dashboard.action.account.otp.enable': '{actor} ativou o login em duas etapas',
  'dashboard.action.account.otp.disable': '{actor} desativou o login em duas etapas',
  'dashboard.action.staff.otp.reset': '{actor} redefiniu o login em duas etapas de um membro',
  'dashboard.action.staff.otp.require': '{actor} alterou a exigência do login em duas etapas para a equipe',
} satisfies Translation<typeof enUS>;
