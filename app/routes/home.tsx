// /home is the same page as /.
export { default, headers, loader, meta } from "./_index";
