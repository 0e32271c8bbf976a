import { storageKeys } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import { basenameFor, detectLang, hasZhPrefix, localizedPath, readStoredLang, storeLang } from './locale';

describe('locale from the path', () => {
  it('serves Chinese under /zh-cn, whatever was stored', () => {
    expect(detectLang('/zh-cn', null)).toBe('zh_CN');
    expect(detectLang('/zh-cn/dashborad', 'en_US')).toBe('zh_CN');
  });

  it('falls back to the stored choice, then English, on unprefixed paths', () => {
    expect(detectLang('/dashborad', null)).toBe('en_US');
    expect(detectLang('/dashborad', 'zh_CN')).toBe('zh_CN');
    expect(detectLang('/dashborad', 'fr_FR')).toBe('en_US');
  });

  it('does not mistake look-alike paths for the prefix', () => {
    expect(hasZhPrefix('/zh-cnx')).toBe(false);
    expect(hasZhPrefix('/user/zh-cn')).toBe(false);
    expect(detectLang('/zh-cnx', null)).toBe('en_US');
  });

  it('uses the prefix as router basename for Chinese only', () => {
    expect(basenameFor('zh_CN')).toBe('/zh-cn');
    expect(basenameFor('en_US')).toBe('/');
  });
});

describe('localizedPath', () => {
  it('adds and removes the prefix, keeping query and hash', () => {
    expect(localizedPath('/user/logManage?x=1#top', 'zh_CN')).toBe('/zh-cn/user/logManage?x=1#top');
    expect(localizedPath('/zh-cn/user/logManage?x=1', 'en_US')).toBe('/user/logManage?x=1');
  });

  it('maps the roots onto each other', () => {
    expect(localizedPath('/', 'zh_CN')).toBe('/zh-cn');
    expect(localizedPath('/zh-cn', 'en_US')).toBe('/');
    expect(localizedPath('/zh-cn?x=1', 'en_US')).toBe('/?x=1');
  });

  it('is idempotent', () => {
    expect(localizedPath('/zh-cn/robot', 'zh_CN')).toBe('/zh-cn/robot');
    expect(localizedPath('/robot', 'en_US')).toBe('/robot');
  });
});

describe('stored language', () => {
  it('is kept under the contract key', () => {
    storeLang('zh_CN');
    expect(localStorage.getItem(storageKeys.language)).toBe('zh_CN');
    expect(readStoredLang()).toBe('zh_CN');
  });
});
