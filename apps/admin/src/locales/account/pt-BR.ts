import type { Translation } from '../index.ts';
import type enUS from './en-US.ts';

export default {
  'account.role.admin': 'Administrador',
  'account.role.staff': 'Equipe',

  'account.center.activity': 'Minhas alterações recentes',
  'account.center.no-activity': 'Você ainda não alterou nada na loja.',
  'account.center.edit': 'Editar minhas configurações',
  'account.center.no-profile': 'Ainda sem perfil pessoal.',
  'account.center.no-phone': 'Ainda sem telefone',
  'account.center.no-address': 'Ainda sem endereço',
  'account.center.since': 'Na equipe desde {date}',

  'account.settings.basic': 'Configurações básicas',
  'account.settings.security': 'Configurações de segurança',
  'account.settings.binding': 'Logins vinculados',
  'account.settings.notification': 'Notificações',

  'account.basic.avatar': 'Foto de perfil',
  'account.basic.change-avatar': 'Alterar foto',
  'account.basic.avatar.saved': 'Sua foto de perfil foi alterada.',
  'account.basic.email': 'E-mail',
  'account.basic.nickname': 'Apelido',
  'account.basic.profile': 'Perfil pessoal',
  'account.basic.profile-placeholder': 'Uma breve apresentação sua',
  'account.basic.country': 'País/Região',
  'account.basic.geographic': 'Estado ou cidade',
  'account.basic.address': 'Endereço',
  'account.basic.phone': 'Telefone',
  'account.basic.phone-hint': 'Em formato internacional, com o código do país (ex.: +55 para o Brasil).',
  'account.basic.update': 'Atualizar informações',
  'account.basic.saved': 'Suas informações foram atualizadas.',

  'account.security.password': 'Senha da conta',
  'account.security.password-description':
    'Troque-a com frequência; suas outras sessões terminam quando você troca.',
  'account.security.password.change': 'Alterar senha',
  'account.security.password.old': 'Senha atual',
  'account.security.password.new': 'Nova senha',
  'account.security.password.confirm': 'Confirmar senha',
  'account.security.password.hint': 'Insira pelo menos 6 caracteres. Não use senhas fáceis de adivinhar.',
  'account.security.password.changed': 'Sua senha foi alterada. Suas outras sessões foram encerradas.',
  'account.security.phone': 'Telefone de segurança',
  'account.security.phone-description': 'Telefone vinculado: {phone}',
  'account.security.phone-none': 'Nenhum telefone vinculado ainda.',
  'account.security.modify': 'Modificar',
  'account.security.sessions': 'Sessões ativas',
  'account.security.sessions.device': '{browser} em {system}',
  'account.security.sessions.unknown-device': 'Dispositivo desconhecido',
  'account.security.sessions.detail': 'IP {ip} · visto por último {lastSeen} · entrou {since}',
  'account.security.sessions.current': 'Esta sessão',
  'account.security.sessions.end': 'Encerrar sessão',
  'account.security.sessions.end-confirm': 'Encerrar esta sessão? Aquele dispositivo terá de entrar de novo.',
  'account.security.sessions.end-current': 'Encerrar esta sessão? Você sairá da conta.',
  'account.security.sessions.ended': 'A sessão foi encerrada.',

  'account.binding.none':
    'Nenhum outro login está vinculado à sua conta: você entra com o e-mail ou telefone da loja e sua senha.',

  'account.notification.messages': 'Mensagens de colegas',
  'account.notification.messages-description':
    'Avise-me quando outro membro da equipe me enviar uma mensagem.',
  'account.notification.system': 'Avisos da loja',
  'account.notification.system-description':
    'Avise-me sobre o funcionamento da loja, como e-mails que não estão sendo entregues.',
  'account.notification.todos': 'Trabalho à minha espera',
  'account.notification.todos-description':
    'Avise-me quando houver trabalho pendente, como pedidos a enviar ou devoluções a analisar.',

  'staff.description':
    'A equipe opera a loja; os administradores também gerenciam as contas da equipe e as configurações da loja.',
  'staff.add': 'Adicionar membro',
  'staff.added': 'O membro foi adicionado.',
  'staff.member': 'Membro',
  'staff.search-placeholder': 'E-mail ou apelido',
  'staff.email': 'E-mail',
  'staff.nickname': 'Apelido',
  'staff.role': 'Função',
  'staff.role-of': 'Função de {name}',
  'staff.password': 'Senha inicial',
  'staff.password-hint': 'Deixe em branco para gerar uma; ela é mostrada uma única vez.',
  'staff.status': 'Situação',
  'staff.active': 'Ativo',
  'staff.disabled': 'Desativado',
  'staff.created': 'Adicionado em',
  'staff.you': 'Você',
  'staff.disable': 'Desativar',
  'staff.enable': 'Ativar',
  'staff.disable-confirm': 'Desativar esta conta? As sessões dela terminam na hora.',
  'staff.enable-confirm': 'Ativar esta conta de novo?',
  'staff.generated-title': 'Membro adicionado',
  'staff.generated-text':
    'A senha gerada de {email} está abaixo. Ela é mostrada só desta vez: repasse-a com segurança.',

  'audit.description': 'Toda alteração que a equipe faz na loja: quem, quando, o quê, antes e depois.',
  'audit.at': 'Data e hora',
  'audit.actor': 'Membro',
  'audit.entity': 'Tipo de registro',
  'audit.field': 'Campo',
  'audit.before': 'Antes',
  'audit.after': 'Depois',
  'audit.changed': 'alterado',
  'audit.no-details': 'Nenhum detalhe foi registrado para esta alteração.',

  'mail-status.not-delivered':
    'Os e-mails não estão sendo entregues: nenhum servidor de e-mail está configurado (MAIL_URL).',
  'mail-status.admin':
    'Links de ativação, redefinições de senha, códigos de verificação e avisos de pedidos ficam na <link>caixa de correio</link>, que só administradores podem ler. Defina MAIL_URL para enviar e-mails de verdade.',
  'mail-status.staff':
    'Links de ativação, redefinições de senha, códigos de verificação e avisos de pedidos ficam na caixa de correio, que só administradores podem ler. Peça a um administrador para definir MAIL_URL.',
  'mailbox.description':
    'E-mails e mensagens de texto que a loja envia, guardados aqui enquanto não há servidor de e-mail. Só administradores podem lê-los; e-mails para outros membros da equipe nunca aparecem.',
  'mailbox.to': 'Destinatário',
  'mailbox.to-placeholder': 'E-mail ou telefone',
  'mailbox.empty': 'Nenhuma mensagem foi enviada ainda.',
  'mailbox.empty-to': 'Nenhuma mensagem para este destinatário.',
  'mailbox.off': 'Esta loja envia e-mails de verdade, então não há caixa de desenvolvimento para mostrar.',
  'mailbox.open': 'Abrir',
  'mailbox.meta': 'Para {to} · {at}',
  'mailbox.text': 'Texto',
  'mailbox.html': 'HTML',
} satisfies Translation<typeof enUS>;
