import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';

/** The development provider's accounts: rows of app_user. */
@Injectable()
export class DevOidcAccountsRepository {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  findOne(where: { email: string } | { id: string }): Promise<UserEntity | null> {
    return this.users.findOne({ where });
  }

  async save(user: UserEntity): Promise<void> {
    await this.users.save(user);
  }

  async insert(user: Partial<UserEntity>): Promise<void> {
    await this.users.insert(user);
  }
}
