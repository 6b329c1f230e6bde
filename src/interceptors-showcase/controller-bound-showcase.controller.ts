import { Controller, Get, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/decorators/public.decorator';
import { TransformInterceptor } from '../common/interceptors/transform.interceptor';
import { InterceptorsShowcaseService } from './interceptors-showcase.service';

/** An interceptor bound once at class level applies to every handler of the controller. */
@Public()
@ApiTags('interceptors')
@UseInterceptors(TransformInterceptor)
@Controller('interceptors/controller-bound')
export class ControllerBoundShowcaseController {
  constructor(private readonly showcase: InterceptorsShowcaseService) {}

  @Get()
  @ApiOperation({ summary: 'Wrapped as { data } by the class-level binding' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['data'],
      properties: { data: { type: 'object', properties: { bound: { type: 'string' } } } },
    },
  })
  getBound() {
    return this.showcase.controllerBound();
  }

  @Get('list')
  @ApiOperation({ summary: 'Wrapped as { data } by the same class-level binding' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['data'],
      properties: { data: { type: 'array', items: { type: 'integer' } } },
    },
  })
  getList() {
    return this.showcase.list();
  }
}
