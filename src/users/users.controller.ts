import { Body, Controller, Get, Patch, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser } from '../auth/decorators/current-user.decorator';
import { Roles } from '../auth/decorators/roles.decorator';
import type { TokenPayload } from '../auth/token-payload';
import { IdParam } from '../common/decorators/id-param.decorator';
import { PaginationArgs } from '../common/pagination/pagination.args';
import { UpdateUserRolesDto } from './dto/update-user-roles.dto';
import { UserResponseDto } from './dto/user-response.dto';
import { UsersService } from './users.service';

@Roles('admin')
@ApiUnauthorizedResponse({ description: 'No valid access token' })
@Controller('users')
export class UsersController {
  constructor(private readonly usersService: UsersService) {}

  @Get()
  @ApiOperation({ summary: 'A page of users, in id order (admins only)' })
  @ApiOkResponse({ type: UserResponseDto, isArray: true, description: 'id, username and roles of each user' })
  getUsers(@Query() page: PaginationArgs): Promise<UserResponseDto[]> {
    return this.usersService.getList(page);
  }

  @Patch(':id')
  @ApiOperation({
    summary: "Replaces a user's roles (admins only)",
    description:
      "Effective from the user's next refresh: access tokens already issued keep their roles until they expire.",
  })
  @ApiOkResponse({ type: UserResponseDto, description: 'The user with its new roles' })
  @ApiBadRequestResponse({ description: 'A bad id, or roles that are not a non-empty list of user/admin' })
  @ApiForbiddenResponse({ description: 'Not an admin, or no longer one (whatever the token says)' })
  @ApiNotFoundResponse({ description: 'No user with this id' })
  @ApiConflictResponse({ description: 'The last admin would lose the admin role' })
  updateUserRoles(
    @CurrentUser() admin: TokenPayload,
    @IdParam() id: number,
    @Body() body: UpdateUserRolesDto,
  ): Promise<UserResponseDto> {
    return this.usersService.updateRoles(admin.sub, id, body.roles);
  }
}
