// /home is the same page as /.
export { default, loader, meta } from "./_index";
