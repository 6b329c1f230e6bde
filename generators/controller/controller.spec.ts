import { join } from 'node:path';
import Handlebars from 'handlebars';
import { APP_LAYOUT } from '../app-layout';
import { FileChanges } from '../utils/file-changes';
import { buildController } from './actions';
import { normalizeControllerOptions } from './normalize';

const ROOT = join(__dirname, '..', '..');
const render = (template: string, data: Record<string, unknown>) => Handlebars.compile(template)(data);

function plan(answers: Record<string, string | boolean>) {
  const changes = new FileChanges(ROOT);
  buildController(render, changes, normalizeControllerOptions(answers));
  return changes;
}

describe('controller generator', () => {
  it('should plan a REST resource, registered in the app module', () => {
    const changes = plan({ name: 'blogPosts' });

    expect(changes.created.sort()).toEqual([
      'src/blog-posts/blog-posts-data.module.ts',
      'src/blog-posts/blog-posts.controller.ts',
      'src/blog-posts/blog-posts.module.ts',
      'src/blog-posts/blog-posts.repository.ts',
      'src/blog-posts/blog-posts.service.spec.ts',
      'src/blog-posts/blog-posts.service.ts',
      'src/blog-posts/blog-posts.table.ts',
      'src/blog-posts/dto/blog-post-response.dto.ts',
      'src/blog-posts/dto/create-blog-post.dto.ts',
      'src/blog-posts/dto/list-blog-posts.query.ts',
      'src/blog-posts/dto/update-blog-post.dto.ts',
      'test/blog-posts.e2e-spec.ts',
    ]);
    expect(changes.changed).toEqual([APP_LAYOUT.rootModule.file]);
    expect(changes.read('src/blog-posts/blog-posts.table.ts')).toContain("pgTable('blog_posts'");
    expect(changes.read('src/blog-posts/blog-posts.controller.ts')).toContain("@Controller('blog-posts')");
  });

  it('should guard the routes unless asked for public ones', () => {
    const guarded = plan({ name: 'things' }).read('src/things/things.controller.ts');
    const open = plan({ name: 'things', public: true }).read('src/things/things.controller.ts');

    expect(guarded).toContain('@Authenticated()');
    expect(guarded).not.toContain('@Public()');
    expect(open).toContain('@Public()');
    expect(open).not.toContain('@Authenticated()');
  });
});
