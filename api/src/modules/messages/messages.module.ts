import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { mailTransportProvider } from './mail-transport.js';
import { CallMessageSettingsEntity, MessageBatchEntity, MessageEntity, MessageTemplateEntity } from './message.entity.js';
import { MessageQueue } from './message-queue.service.js';
import { MessageSender } from './message-sender.service.js';
import { SendEmailController } from './send-email.controller.js';
import { MessagesAdminController } from './messages-admin.controller.js';
import { MessageTemplatesAdminController } from './message-templates-admin.controller.js';
import { CallMessageSettingsAdminController } from './call-message-settings-admin.controller.js';
import { UserLanguageController } from './user-language.controller.js';
import { MessagesRepository } from './messages.repository.js';
import { MessagesService } from './messages.service.js';

/**
 * E-mail: messages queued in the database with what caused them, sent by pg-boss workers over SMTP (or kept in the
 * development outbox) in the recipient's language, from templates administrators edit.
 */
@Module({
  imports: [TypeOrmModule.forFeature([MessageEntity, MessageBatchEntity, MessageTemplateEntity, CallMessageSettingsEntity])],
  controllers: [
    SendEmailController,
    MessagesAdminController,
    MessageTemplatesAdminController,
    CallMessageSettingsAdminController,
    UserLanguageController,
  ],
  providers: [MessagesRepository, MessageSender, MessageQueue, MessagesService, mailTransportProvider],
  exports: [MessagesService, MessageQueue],
})
export class MessagesModule {}
