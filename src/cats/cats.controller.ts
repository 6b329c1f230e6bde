import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Authenticated, Public } from '../common/decorators/public.decorator';
import { NonEmptyBodyPipe } from '../common/pipes/non-empty-body.pipe';
import { CatsService } from './cats.service';
import { CreateCatDto } from './dto/create-cat.dto';
import { ListCatsQuery } from './dto/list-cats.query';
import { UpdateCatDto } from './dto/update-cat.dto';

const TEXT = { schema: { type: 'string' } } as const;

/** The example resource: public as a class, except DELETE, which closes itself again. */
@ApiTags('cats')
@ApiProduces('text/plain')
@Public()
@Controller('cats')
export class CatsController {
  constructor(private readonly cats: CatsService) {}

  @Post()
  @ApiOperation({ summary: 'Add a cat (unknown properties are stripped)' })
  @ApiCreatedResponse({ ...TEXT, description: 'This action adds a new cat' })
  @ApiBadRequestResponse({ description: 'The body is not valid JSON or fails validation' })
  @ApiPayloadTooLargeResponse({ description: 'The body is larger than the JSON limit' })
  createCat(@Body() cat: CreateCatDto): string {
    return this.cats.create(cat);
  }

  @Get()
  @ApiOperation({ summary: 'List cats' })
  @ApiOkResponse({ ...TEXT, description: 'This action returns all cats (limit: N items)' })
  @ApiBadRequestResponse({ description: 'limit is not an integer between 1 and 100' })
  getAllCats(@Query() query: ListCatsQuery): string {
    return this.cats.getAll(query);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get one cat' })
  @ApiOkResponse({ ...TEXT, description: 'This action returns a #<id> cat' })
  getCat(@Param('id') id: string): string {
    return this.cats.getById(id);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Change some of the fields of a cat' })
  @ApiOkResponse({ ...TEXT, description: 'This action updates a #<id> cat' })
  @ApiBadRequestResponse({ description: 'The body is not valid JSON, fails validation or sets no field' })
  updateCat(@Param('id') id: string, @Body(NonEmptyBodyPipe) changes: UpdateCatDto): string {
    return this.cats.update(id, changes);
  }

  // Handler metadata wins over the class's @Public(): removing a cat needs a valid token.
  @Delete(':id')
  @Authenticated()
  @ApiOperation({ summary: 'Remove a cat (needs a token)' })
  @ApiOkResponse({ ...TEXT, description: 'This action removes a #<id> cat' })
  @ApiUnauthorizedResponse({ description: 'No valid bearer token' })
  removeCat(@Param('id') id: string): string {
    return this.cats.remove(id);
  }
}
